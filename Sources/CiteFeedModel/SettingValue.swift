import CiteFeedSupport

/// A setting's value, checked and read: its stored form, and the typed value it gives `Settings`.
package struct SettingValue: Sendable {
    package let key: SettingKey
    /// Normalised (`1d` for `24h`): what `settings.json` keeps.
    package let stored: JSONValue
    let assign: @Sendable (inout Settings) -> Void
}
