//! What Fairy-Stockfish defines in its program rather than in `variants.ini`: its piece types
//! and its built-in variants, as facts (board, piece letters, custom pieces, mobility regions)
//! written in the configuration file's own terms, so that one reader applies both.

/// Fairy-Stockfish's predefined piece types with their moves in its own Betza, in its order of
/// piece types. The order matters: when one section gives a letter to two types, the type that
/// comes later keeps it. Its pawn's double step is a game rule (`doubleStep`), added by the
/// importer; its `e` (en passant) is a game rule too and is left out here.
pub const PIECE_TYPES: &[(&str, &str)] = &[
    ("pawn", "fmWfcF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];

/// Custom piece slots, `customPiece1` to `customPiece25`, come after the predefined types.
pub const CUSTOM_SLOTS: usize = 25;

/// A built-in variant: the variant it starts from (`None`: the empty template, an 8x8 board
/// without pieces, which is also where a section without a parent starts) and its settings.
pub struct BuiltIn {
    /// Its name in Fairy-Stockfish.
    pub name: &'static str,
    /// The variant it starts from.
    pub parent: Option<&'static str>,
    /// Its settings, as ini lines.
    pub settings: &'static str,
}

const fn b(name: &'static str, parent: Option<&'static str>, settings: &'static str) -> BuiltIn {
    BuiltIn { name, parent, settings }
}

const CHESS: Option<&str> = Some("chess");

/// The built-in variants of Fairy-Stockfish (master of July 2026), each after the ones it
/// starts from. Only what moves pieces is here: start positions, promotions, drops and the other
/// game rules are not. `king = k:W` stands for its kings that move as another piece type.
pub const BUILT_IN: &[BuiltIn] = &[
    b("chess", None, "pawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\nking = k"),
    b("normal", CHESS, ""),
    b("fischerandom", CHESS, ""),
    b("nocastle", CHESS, ""),
    b("armageddon", CHESS, ""),
    b("torpedo", CHESS, ""),
    b("berolina", CHESS, "pawn = -\ncustomPiece1 = p:mfFcfeWimfnA"),
    b("pawnsideways", CHESS, "pawn = -\ncustomPiece1 = p:fsmWfceFifmnD"),
    b(
        "pawnback",
        CHESS,
        "pawn = -\ncustomPiece1 = p:fbmWfceFifmnD
mobilityRegionWhiteCustomPiece1 = *2 *3 *4 *5 *6 *7 *8
mobilityRegionBlackCustomPiece1 = *1 *2 *3 *4 *5 *6 *7",
    ),
    b("legan", CHESS, "pawn = -\ncustomPiece1 = p:mflFcflW"),
    b("fairy", CHESS, "silver = s\nfers = f\narchbishop = a\nchancellor = c\ncommoner = m"),
    b("raazuvaa", CHESS, "doubleStep = false"),
    b("makruk", CHESS, "bishop = -\nqueen = -\nsilver = s\nfers = m\ndoubleStep = false"),
    b("makpong", Some("makruk"), ""),
    b("cambodian", Some("makruk"), ""),
    b("karouk", Some("cambodian"), ""),
    b("asean", CHESS, "bishop = -\nqueen = -\nsilver = b\nfers = q\ndoubleStep = false"),
    b("ai-wok", Some("makruk"), "fers = -\naiwok = a"),
    b("shatranj", CHESS, "bishop = -\nqueen = -\nalfil = b\nfers = q\ndoubleStep = false"),
    b("chaturanga", Some("shatranj"), ""),
    b("amazon", CHESS, "queen = -\namazon = a"),
    b("georgian", Some("amazon"), ""),
    b("nightrider", CHESS, "knight = -\ncustomPiece1 = n:NN"),
    b("grasshopper", CHESS, "customPiece1 = g:gQ\ndoubleStep = false"),
    b("hoppelpoppel", CHESS, "knight = -\nbishop = -\nknibis = n\nbiskni = b"),
    b("newzealand", CHESS, "rook = -\nknight = -\nrookni = r\nkniroo = n"),
    b("kingofthehill", CHESS, ""),
    b("racingkings", CHESS, ""),
    b("knightmate", CHESS, "knight = -\ncommoner = m\nking = k:N"),
    b("misere", CHESS, ""),
    b("losers", CHESS, ""),
    b("giveaway", CHESS, "king = -\ncommoner = k"),
    b("antichess", Some("giveaway"), ""),
    b("suicide", Some("antichess"), ""),
    b("codrus", Some("giveaway"), ""),
    b("extinction", CHESS, "king = -\ncommoner = k"),
    b("kinglet", Some("extinction"), ""),
    b("threekings", CHESS, "king = -\ncommoner = k"),
    b("horde", CHESS, ""),
    b("petrified", Some("pawnsideways"), "king = -\ncommoner = k"),
    b("nocheckatomic", CHESS, "king = -\ncommoner = k"),
    b("atomic", Some("nocheckatomic"), ""),
    b("atomar", Some("nocheckatomic"), ""),
    b("isolation", None, "maxFile = 6\nmaxRank = 8\ncustomPiece1 = p:mK"),
    b("isolation7x7", Some("isolation"), "maxFile = 7\nmaxRank = 7"),
    b("snailtrail", None, "maxFile = 7\nmaxRank = 7\ncustomPiece1 = p:mK"),
    b("fox-and-hounds", None, "customPiece1 = h:mfF\ncustomPiece2 = f:mF"),
    b("duck", CHESS, "king = -\ncommoner = k"),
    b("joust", None, "customPiece1 = n:mN"),
    b("3check", CHESS, ""),
    b("5check", Some("3check"), ""),
    b("crazyhouse", CHESS, ""),
    b("loop", Some("crazyhouse"), ""),
    b("chessgi", Some("loop"), ""),
    b("bughouse", Some("crazyhouse"), ""),
    b("koedem", Some("bughouse"), "king = -\ncommoner = k"),
    b("pocketknight", CHESS, ""),
    b("placement", CHESS, ""),
    b("sittuyin", Some("makruk"), "fers = f"),
    b("seirawan", CHESS, "archbishop = h\nchancellor = e"),
    b("shouse", Some("seirawan"), ""),
    b("dragon", CHESS, "archbishop = d"),
    b("paradigm", CHESS, "bishop = -\ncustomPiece1 = b:BnN"),
    b(
        "minishogi",
        None,
        "maxFile = 5\nmaxRank = 5\nshogiPawn = p\nsilver = s\ngold = g\nbishop = b\ndragonHorse = h\nrook = r\nbers = d\nking = k",
    ),
    b("mini", Some("minishogi"), ""),
    b("kyotoshogi", Some("minishogi"), "lance = l\nshogiKnight = n"),
    b("micro", Some("kyotoshogi"), "maxFile = 4"),
    b("dobutsu", None, "maxFile = 3\nmaxRank = 4\nshogiPawn = c\ngold = h\nfers = e\nwazir = g\ncommoner = l"),
    b("gorogoro", Some("minishogi"), "maxRank = 6"),
    b("judkins", Some("minishogi"), "maxFile = 6\nmaxRank = 6\nshogiKnight = n"),
    b(
        "torishogi",
        None,
        "maxFile = 7\nmaxRank = 7\nshogiPawn = s\nking = k\ncustomPiece1 = f:FsfW\ncustomPiece2 = c:FvW
customPiece3 = l:fRrbBlbF\ncustomPiece4 = r:fRlbBrbF\ncustomPiece5 = p:bFfD\ncustomPiece6 = g:fAbD
customPiece7 = e:KbRfBbF2",
    ),
    b("euroshogi", Some("minishogi"), "maxFile = 8\nmaxRank = 8\ncustomPiece1 = n:fNsW"),
    b("losalamos", CHESS, "maxFile = 6\nmaxRank = 6\nbishop = -"),
    b("gardner", CHESS, "maxFile = 5\nmaxRank = 5"),
    b("almost", CHESS, "queen = -\nchancellor = c"),
    b("sortofalmost", CHESS, "chancellor = c"),
    b("chigorin", CHESS, "chancellor = c"),
    b("perfect", CHESS, "chancellor = c\narchbishop = m\namazon = g"),
    b("spartan", Some("threekings"), "bers = g\narchbishop = w\ncustomPiece1 = h:fmFfcWimA\ncustomPiece2 = l:FAsmW\ncustomPiece3 = c:WD"),
    b("shatar", CHESS, "queen = -\nbers = j"),
    b("coregal", CHESS, ""),
    b("clobber", None, "maxFile = 5\nmaxRank = 6\nclobber = p"),
    b("breakthrough", None, "breakthrough = p"),
    b("ataxx", None, "maxFile = 7\nmaxRank = 7\ncustomPiece1 = p:mDmNmA"),
    b("flipersi", None, "immobile = p"),
    b("flipello", Some("flipersi"), ""),
    b(
        "minixiangqi",
        None,
        "maxFile = 7\nmaxRank = 7\nrook = r\nhorse = n\nking = k:W\ncannon = c\nsoldier = p
mobilityRegionWhiteKing = c1 d1 e1 c2 d2 e2 c3 d3 e3
mobilityRegionBlackKing = c5 d5 e5 c6 d6 e6 c7 d7 e7",
    ),
    b("shogi", Some("minishogi"), "maxFile = 9\nmaxRank = 9\nlance = l\nshogiKnight = n"),
    b("checkshogi", Some("shogi"), ""),
    b("shoshogi", Some("shogi"), "king = -\ncommoner = k\ncustomPiece1 = e:FsfW"),
    b(
        "yarishogi",
        None,
        "maxFile = 7\nmaxRank = 9\nking = k\nshogiPawn = p\nrook = l\ncustomPiece1 = n:fRffN\ncustomPiece2 = b:fFfR
customPiece3 = r:frlR\ncustomPiece4 = g:WfFbR\ncustomPiece5 = s:fKbR",
    ),
    b("okisakishogi", Some("minishogi"), "maxFile = 10\nmaxRank = 10\ncustomPiece1 = l:vR\nknight = n\nqueen = q"),
    b("capablanca", CHESS, "maxFile = 10\narchbishop = a\nchancellor = c"),
    b("capahouse", Some("capablanca"), ""),
    b("caparandom", Some("capablanca"), ""),
    b("gothic", Some("capablanca"), ""),
    b("janus", CHESS, "maxFile = 10\narchbishop = j"),
    b("modern", CHESS, "maxFile = 9\nmaxRank = 9\narchbishop = m"),
    b("chancellor", CHESS, "maxFile = 9\nmaxRank = 9\nchancellor = c"),
    b("embassy", Some("capablanca"), ""),
    b("centaur", CHESS, "maxFile = 10\ncentaur = c"),
    b("gustav3", CHESS, "maxFile = 10\namazon = a"),
    b("jesonmor", None, "maxFile = 9\nmaxRank = 9\nknight = n"),
    b("courier", CHESS, "maxFile = 12\nqueen = -\nalfil = e\nfers = f\ncommoner = m\nwazir = w"),
    b("grand", CHESS, "maxFile = 10\nmaxRank = 10\narchbishop = a\nchancellor = c"),
    b("opulent", Some("grand"), "knight = -\ncustomPiece1 = n:NW\ncustomPiece2 = w:CF\ncustomPiece3 = l:FDH"),
    b(
        "tencubed",
        CHESS,
        "maxFile = 10\nmaxRank = 10\narchbishop = a\nchancellor = m\ncustomPiece1 = c:DAW\ncustomPiece2 = w:CF",
    ),
    b("omicron", CHESS, "maxFile = 12\nmaxRank = 10\ncustomPiece1 = c:DAW\ncustomPiece2 = w:CF"),
    b("troitzky", CHESS, "maxFile = 10\nmaxRank = 10"),
    b(
        "wolf",
        CHESS,
        "maxRank = 10\nknight = -\nchancellor = w\narchbishop = f\ncustomPiece1 = s:fKifmnD\ncustomPiece2 = n:NN
customPiece3 = e:NNQ",
    ),
    b("shako", CHESS, "maxFile = 10\nmaxRank = 10\nfersAlfil = e\ncannon = c"),
    b("clobber10", Some("clobber"), "maxFile = 10\nmaxRank = 10"),
    b("flipello10", Some("flipello"), "maxFile = 10\nmaxRank = 10"),
    b("amazons", None, "maxFile = 10\nmaxRank = 10\ncustomPiece1 = q:mQ"),
    // Elephants and advisors join minixiangqi's pieces on a 9x10 board; the advisors share the
    // generals' palaces, the elephants stay on their side of the river, and soldiers step
    // sideways only from the sixth rank on.
    b(
        "xiangqi",
        Some("minixiangqi"),
        "maxFile = 9\nmaxRank = 10\nelephant = b\nfers = a\nsoldierPromotionRank = 6
mobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2 d3 e3 f3
mobilityRegionBlackKing = d8 e8 f8 d9 e9 f9 d10 e10 f10
mobilityRegionWhiteFers = d1 e1 f1 d2 e2 f2 d3 e3 f3
mobilityRegionBlackFers = d8 e8 f8 d9 e9 f9 d10 e10 f10
mobilityRegionWhiteElephant = *1 *2 *3 *4 *5
mobilityRegionBlackElephant = *6 *7 *8 *9 *10",
    ),
    b("manchu", Some("xiangqi"), "banner = m"),
    b(
        "supply",
        Some("xiangqi"),
        "mobilityRegionWhiteFers = d1 f1 e2 d3 f3
mobilityRegionBlackFers = d8 f8 e9 d10 f10
mobilityRegionWhiteElephant = c1 g1 a3 e3 i3 c5 g5
mobilityRegionBlackElephant = c6 g6 a8 e8 i8 c10 g10
mobilityRegionWhiteSoldier = *6 *7 *8 *9 *10 a4 a5 c4 c5 e4 e5 g4 g5 i4 i5
mobilityRegionBlackSoldier = *1 *2 *3 *4 *5 a6 a7 c6 c7 e6 e7 g6 g7 i6 i7",
    ),
    b(
        "janggi",
        Some("xiangqi"),
        "fers = -\ncannon = -\nelephant = -\nwazir = a\njanggiCannon = c\njanggiElephant = b\nsoldierPromotionRank = 1
mobilityRegionWhiteWazir = d1 e1 f1 d2 e2 f2 d3 e3 f3
mobilityRegionBlackWazir = d8 e8 f8 d9 e9 f9 d10 e10 f10",
    ),
    b("janggitraditional", Some("janggi"), ""),
    b("janggimodern", Some("janggi"), ""),
    b("janggicasual", Some("janggi"), ""),
];

/// The game rules of the built-in variants transcribed here, in the configuration file's terms,
/// each on top of its parent's (and of Fairy-Stockfish's defaults, chess's). A built-in variant
/// missing here, or one whose parent is, has rules this table does not know: its import states
/// none and says so, rather than guess.
pub const BUILT_IN_RULES: &[(&str, &str)] = &[
    ("chess", ""),
    ("normal", ""),
    ("nocastle", "castling = false\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
    ("berolina", "promotionPawnTypes = p\nenPassantTypes = p"),
    (
        "makruk",
        "startFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1\npromotionRegionWhite = *6 *7 *8
promotionRegionBlack = *3 *2 *1\npromotionPieceTypes = m\ncastling = false",
    ),
    (
        "shatranj",
        "startFen = rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1\npromotionPieceTypes = q\ncastling = false
extinctionValue = loss\nextinctionClaim = true\nextinctionPieceTypes = *\nextinctionPieceCount = 1\nextinctionOpponentPieceCount = 2",
    ),
    ("amazon", "startFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1\npromotionPieceTypes = arbn"),
    ("nightrider", "promotionPieceTypes = qrbn"),
    (
        "grasshopper",
        "startFen = rnbqkbnr/gggggggg/pppppppp/8/8/PPPPPPPP/GGGGGGGG/RNBQKBNR w KQkq - 0 1\npromotionPieceTypes = qrbng",
    ),
    ("knightmate", "startFen = rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1\npromotionPieceTypes = mqrb"),
    (
        "losalamos",
        "startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\npromotionRegionWhite = *6\npromotionRegionBlack = *1
promotionPieceTypes = qrn\ndoubleStep = false\ncastling = false",
    ),
    (
        "capablanca",
        "startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\ncastlingKingsideFile = i
castlingQueensideFile = c\npromotionPieceTypes = acqrbn",
    ),
    (
        "embassy",
        "startFen = rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1\ncastlingKingsideFile = h
castlingQueensideFile = b",
    ),
    (
        "janus",
        "startFen = rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1\ncastlingKingsideFile = i
castlingQueensideFile = b\npromotionPieceTypes = jqrbn",
    ),
    (
        "modern",
        "startFen = rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1\npromotionRegionWhite = *9
promotionRegionBlack = *1\ndoubleStepRegionWhite = *2\ndoubleStepRegionBlack = *8\npromotionPieceTypes = mqrbn",
    ),
    (
        "chancellor",
        "startFen = rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1\npromotionRegionWhite = *9
promotionRegionBlack = *1\ndoubleStepRegionWhite = *2\ndoubleStepRegionBlack = *8\npromotionPieceTypes = cqrbn",
    ),
    (
        "courier",
        "startFen = rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1
promotionPieceTypes = f\ndoubleStep = false\ncastling = false
extinctionValue = loss\nextinctionClaim = true\nextinctionPieceTypes = *\nextinctionPieceCount = 1\nextinctionOpponentPieceCount = 2",
    ),
    (
        "grand",
        "startFen = r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1
promotionRegionWhite = *8 *9 *10\npromotionRegionBlack = *3 *2 *1\npromotionPieceTypes = acqrbn
promotionLimit = a:1 c:1 q:1 r:2 b:2 n:2\nmandatoryPawnPromotion = false\ndoubleStepRegionWhite = *3
doubleStepRegionBlack = *8\ncastling = false",
    ),
    (
        "shako",
        "startFen = c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1
promotionRegionWhite = *10\npromotionRegionBlack = *1\npromotionPieceTypes = qrbnce\ncastlingRank = 2
castlingKingsideFile = h\ncastlingQueensideFile = d\ncastlingRookKingsideFile = i\ncastlingRookQueensideFile = b
doubleStepRegionWhite = *3\ndoubleStepRegionBlack = *8",
    ),
    (
        "minixiangqi",
        "startFen = rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1\npromotionPieceTypes = -\ndoubleStep = false
castling = false\nflyingGeneral = true",
    ),
    ("xiangqi", "startFen = rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
    (
        "janggi",
        "startFen = rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1\nflyingGeneral = false
pass = true",
    ),
    ("kingofthehill", "flagPiece = k\nflagRegion = d4 e4 d5 e5"),
    (
        "racingkings",
        "startFen = 8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\nflagPiece = k\nflagRegion = *8\ncastling = false
checking = false",
    ),
    ("3check", "checkCounting = true"),
    ("5check", ""),
    ("nocheckatomic", "blastOnCapture = true"),
    ("atomic", ""),
    ("atomar", ""),
    ("giveaway", "mustCapture = true\nextinctionValue = win"),
    ("antichess", "castling = false"),
    ("suicide", ""),
    ("codrus", ""),
    ("losers", "mustCapture = true\nextinctionValue = win"),
    ("extinction", "extinctionValue = loss"),
    ("kinglet", ""),
    ("threekings", "extinctionValue = loss"),
    ("horde", "extinctionValue = loss"),
    ("crazyhouse", "pieceDrops = true"),
    ("loop", ""),
    ("chessgi", ""),
    ("bughouse", ""),
    ("koedem", ""),
    ("minishogi", "pieceDrops = true\npromotionPieceTypes = -\ndoubleStep = false\ncastling = false"),
    ("mini", ""),
    ("shogi", ""),
];

/// The rules `BUILT_IN_RULES` transcribes for a built-in variant, if it does.
pub fn built_in_rules(name: &str) -> Option<&'static str> {
    BUILT_IN_RULES.iter().find(|(n, _)| *n == name).map(|(_, rules)| *rules)
}

/// The built-in variant of that name.
pub fn built_in(name: &str) -> Option<&'static BuiltIn> {
    BUILT_IN.iter().find(|v| v.name == name)
}
