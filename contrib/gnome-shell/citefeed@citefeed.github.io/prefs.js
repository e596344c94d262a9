/* Citefeed's preferences (GNOME Shell 43 and 44: GTK 4 and libadwaita). Each change is saved at
 * once; the extension starts citefeed again with it. */
'use strict';

const {Adw, Gio, Gtk} = imports.gi;
const ExtensionUtils = imports.misc.extensionUtils;

function init() {
}

function entryRow(settings, key, title, subtitle, placeholder) {
    const row = new Adw.ActionRow({title, subtitle});
    const entry = new Gtk.Entry({
        valign: Gtk.Align.CENTER,
        hexpand: true,
        width_chars: 24,
        placeholder_text: placeholder,
    });
    settings.bind(key, entry, 'text', Gio.SettingsBindFlags.DEFAULT);
    row.add_suffix(entry);
    row.activatable_widget = entry;
    return row;
}

function fillPreferencesWindow(window) {
    const settings = ExtensionUtils.getSettings();
    // Kept with the window, so the bindings live as long as it does.
    window._citefeedSettings = settings;

    const page = new Adw.PreferencesPage({title: 'Citefeed', icon_name: 'preferences-system-symbolic'});
    const group = new Adw.PreferencesGroup({
        title: 'Citefeed',
        description: 'The top bar shows what “citefeed status --follow” prints.',
    });
    page.add(group);

    group.add(entryRow(settings, 'rotation', 'Rotation',
        'A named rotation (citefeed rotation list); empty for the default one', 'default'));
    group.add(entryRow(settings, 'citefeed-path', 'citefeed program',
        'Empty: citefeed in PATH, then ~/.local/bin, /usr/local/bin, /usr/bin', 'citefeed'));
    group.add(entryRow(settings, 'home', 'Library folder',
        'Like --home DIR; empty: CITEFEED_HOME or citefeed’s default', 'default'));

    const scrollRow = new Adw.ActionRow({
        title: 'Scroll long citations',
        subtitle: 'Move a citation longer than the bar through it, in a monospace font',
    });
    const scrollSwitch = new Gtk.Switch({valign: Gtk.Align.CENTER});
    settings.bind('scroll', scrollSwitch, 'active', Gio.SettingsBindFlags.DEFAULT);
    scrollRow.add_suffix(scrollSwitch);
    scrollRow.activatable_widget = scrollSwitch;
    group.add(scrollRow);

    window.add(page);
}
