import CiteFeedModel
import CiteFeedSupport

/// The bar formats of the README's "Rotation, status and feeds", each a pure function of the pick, the slot and
/// the settings.
package enum StatusFormat: String, CaseIterable, Sendable {
    case plain, waybar, i3blocks, polybar, json, tmux, argos
}
