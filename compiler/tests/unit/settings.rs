use fairy_magic::stages::settings::*;
use fairy_magic_runtime::Index;

#[test]
fn names_and_values_are_checked() {
    assert_eq!(Setting::parse("max-bits", "10"), Ok(Setting::MaxBits(10)));
    assert_eq!(Setting::parse("index", "pext"), Ok(Setting::Index(Index::Pext)));
    assert_eq!(Setting::parse("optimize", "size"), Ok(Setting::Optimize(Optimize::Size)));
    assert_eq!(Setting::parse("optimize", "throughput"), Ok(Setting::Optimize(Optimize::Throughput)));
    assert!(matches!(Setting::parse("max-path", "5"), Err(SettingError::Name(m)) if m.contains("max-paths")));
    assert!(matches!(Setting::parse("index", "7"), Err(SettingError::Value(m)) if m.contains("magic, split32, pext")));
    assert!(matches!(Setting::parse("max-bits", "21"), Err(SettingError::Value(_))));
    assert!(matches!(Setting::parse("seed", "-1"), Err(SettingError::Value(_))));
    assert!(
        matches!(Setting::parse("max-verify", "1099511627776"), Err(SettingError::Value(m)) if m.contains("1 to 4000"))
    );
    assert!(
        matches!(Setting::parse("max-occupancies", "4194305"), Err(SettingError::Value(m)) if m.contains("4194304"))
    );
    let o = Settings::default().with(&[Setting::Seed(5), Setting::CacheKib(2)]);
    assert_eq!((o.seed, o.cache_bytes), (5, 2048));
}

/// Each row of the list agrees with itself: its setting is named by it, written as it
/// parses, and kept by `with` where `current` reads it.
#[test]
fn every_setting_round_trips_through_its_row() {
    let changed = Settings::default().with(&[Setting::MaxBits(9), Setting::Index(Index::Pext)]);
    for spec in &SETTINGS {
        let setting = (spec.current)(&changed).expect("every setting is set here");
        assert_eq!(setting.name(), spec.name);
        assert_eq!(Setting::parse(spec.name, &setting.value()), Ok(setting), "{}", spec.name);
        assert_eq!((spec.current)(&Settings::default().with(&[setting])), Some(setting), "{}", spec.name);
        assert!(spec.help_text().contains("[default: "), "{}", spec.name);
    }
    let names: std::collections::BTreeSet<&str> = SETTINGS.iter().map(|s| s.name).collect();
    assert_eq!(names.len(), SETTINGS.len(), "two rows share a name");
    assert!(Spec::named("max-bits").unwrap().help_text().contains(&format!("from {MIN_BITS} to {MAX_BITS} bits")));
}
