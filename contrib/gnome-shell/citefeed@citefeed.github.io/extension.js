/* Citefeed for GNOME Shell 43 and 44: the citation citefeed picks, in the top bar.
 *
 * Install with `citefeed setup gnome --install`, or by hand from a citefeed source tree (pack
 * takes metadata.json, extension.js, prefs.js and stylesheet.css, and compiles schemas/ into the
 * zip; no --extra-source or --schema is needed; a copy of this folder without a compiled schema
 * still runs, with the default settings):
 *   gnome-extensions pack contrib/gnome-shell/citefeed@citefeed.github.io -o /tmp
 *   gnome-extensions install --force /tmp/citefeed@citefeed.github.io.shell-extension.zip
 *   # log out and in (Wayland) or Alt+F2 r (X11), then:
 *   gnome-extensions enable citefeed@citefeed.github.io
 * GNOME Shell 45 and later: the folder citefeed@citefeed.github.io-45 beside this one.
 *
 * It runs `citefeed [--home H] status --format json --follow [--scroll] [--rotation R]` (an
 * argument list, never a shell) and shows each line's "line" in the bar and the citation in the
 * menu, with citefeed's actions (next, copy, open the source; reveal and grade in review mode).
 * When citefeed cannot start or stops, the bar says "citefeed: not running", the menu shows why,
 * and it is started again after 5 s, 30 s, 1 min, 2 min, then every 5 min (or at once with
 * "Restart"). Settings (prefs.js): rotation, citefeed-path, home, scroll.
 *
 * For tests (scripts/test-gnome-shell), in the shell (org.gnome.Shell.Eval):
 *   Main.panel.statusArea.citefeed               the indicator (a PanelMenu.Button)
 *   Main.panel.statusArea.citefeed._label.text   the text in the bar
 *   Main.panel.statusArea.citefeed.menuTexts()   the texts of the menu's items, in order
 *   Main.panel.statusArea.citefeed.actionItem(N) the menu item of action N: next, copy, open,
 *       reveal, again, hard, good, easy, restart, prefs (null when the menu has none)
 *   Main.panel.statusArea.citefeed.childPid()    the pid of the citefeed status process, or null
 */
'use strict';

const {St, Gio, GLib, GObject, Clutter, Pango} = imports.gi;
const Main = imports.ui.main;
const PanelMenu = imports.ui.panelMenu;
const PopupMenu = imports.ui.popupMenu;
const ExtensionUtils = imports.misc.extensionUtils;

const ROLE = 'citefeed';
const WAITING_LABEL = 'citefeed…';
const FAILED_LABEL = 'citefeed: not running';
// Seconds before starting citefeed again after it stopped; the last one repeats.
const BACKOFF_SECONDS = [5, 30, 60, 120, 300];
// A follower that ran this long before it stopped starts again at the first delay.
const STABLE_SECONDS = 60;
const SETTINGS_DELAY_MS = 800;
const STDERR_LINES = 5;
const HEX_COLOUR = /^#[0-9A-Fa-f]{6}$/;
const WEB_ADDRESS = /^https?:\/\/[^\s]+$/i;
const ROTATION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
const GRADES = [['again', 'Again'], ['hard', 'Hard'], ['good', 'Good'], ['easy', 'Easy']];
const DEFAULTS = {'rotation': '', 'citefeed-path': '', 'home': '', 'scroll': true};

function isCancelled(error) {
    return error instanceof GLib.Error && error.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.CANCELLED);
}

function expandHome(path) {
    if (path === '~')
        return GLib.get_home_dir();
    if (path.startsWith('~/'))
        return GLib.build_filenamev([GLib.get_home_dir(), path.slice(2)]);
    return path;
}

function isExecutableFile(path) {
    return GLib.file_test(path, GLib.FileTest.IS_EXECUTABLE) &&
        !GLib.file_test(path, GLib.FileTest.IS_DIR);
}

function nonEmptyString(value) {
    return typeof value === 'string' && value.trim() !== '' ? value : null;
}

const CitefeedIndicator = GObject.registerClass(
class CitefeedIndicator extends PanelMenu.Button {
    // settings: a Gio.Settings of the schema, or null for the defaults; openPrefs: a function.
    _init(settings, openPrefs) {
        super._init(0.0, 'Citefeed');
        this._settings = settings;
        this._openPrefsFunction = openPrefs;
        this._decoder = new TextDecoder('utf-8');
        this._proc = null;
        this._cancellable = null;
        this._generation = 0;
        this._startedAt = 0;
        this._backoff = 0;
        this._restartId = 0;
        this._restartDelay = 0;
        this._settingsDelayId = 0;
        this._state = null;
        this._stateKey = null;
        this._error = null;
        this._stderrTail = [];
        this._actionItems = new Map();
        this._actions = new Set();

        this._label = new St.Label({
            text: WAITING_LABEL,
            y_align: Clutter.ActorAlign.CENTER,
            style_class: 'citefeed-label',
        });
        this._label.clutter_text.use_markup = false;
        this.add_child(this._label);

        this._settingsIds = settings
            ? [settings.connect('changed', () => this._onSettingsChanged())] : [];
        this.connect('destroy', () => this._onDestroy());

        this._applyStyle();
        this._rebuildMenu();
        this._start();
    }

    // For tests: the texts of the menu's items, in order (tags as one item, space-separated).
    menuTexts() {
        return this.menu._getMenuItems().map(item => {
            if (item instanceof PopupMenu.PopupSeparatorMenuItem)
                return '---';
            if (item.label instanceof St.Label)
                return item.label.text;
            return this._actorTexts(item).join(' ');
        });
    }

    actionItem(name) {
        return this._actionItems.get(name) ?? null;
    }

    childPid() {
        const pid = this._proc?.get_identifier();
        return pid ? Number(pid) : null;
    }

    _actorTexts(actor) {
        if (actor instanceof St.Label)
            return actor.text && !actor.has_style_class_name('popup-menu-ornament') ? [actor.text] : [];
        return actor.get_children().flatMap(child => this._actorTexts(child));
    }

    _setting(key) {
        if (!this._settings)
            return DEFAULTS[key];
        return typeof DEFAULTS[key] === 'boolean'
            ? this._settings.get_boolean(key) : this._settings.get_string(key).trim();
    }

    _applyStyle() {
        if (this._setting('scroll'))
            this._label.add_style_class_name('citefeed-scrolling');
        else
            this._label.remove_style_class_name('citefeed-scrolling');
    }

    // The citefeed program: the citefeed-path setting, else citefeed in PATH, else the usual places.
    _program() {
        const configured = this._setting('citefeed-path');
        if (configured) {
            const path = expandHome(configured);
            if (!path.includes('/'))
                return GLib.find_program_in_path(path);
            return isExecutableFile(path) ? path : null;
        }
        const found = GLib.find_program_in_path('citefeed');
        if (found)
            return found;
        const candidates = [
            GLib.build_filenamev([GLib.get_home_dir(), '.local', 'bin', 'citefeed']),
            '/usr/local/bin/citefeed',
            '/usr/bin/citefeed',
        ];
        return candidates.find(isExecutableFile) ?? null;
    }

    // [citefeed, --home H, ...args] or throws an Error that says what is wrong.
    _argv(args) {
        const program = this._program();
        if (!program) {
            const configured = this._setting('citefeed-path');
            throw new Error(configured
                ? `citefeed-path “${configured}” is not an executable program`
                : 'citefeed was not found in PATH, ~/.local/bin, /usr/local/bin or /usr/bin; set its path in the preferences');
        }
        const argv = [program];
        const home = this._setting('home');
        if (home) {
            const path = expandHome(home);
            if (!GLib.path_is_absolute(path))
                throw new Error(`the library folder “${home}” is not an absolute path`);
            argv.push('--home', path);
        }
        return argv.concat(args);
    }

    _rotationArgs() {
        const rotation = this._setting('rotation');
        if (!rotation)
            return [];
        if (!ROTATION_NAME.test(rotation))
            throw new Error(`“${rotation}” is not a rotation name (letters, digits, - and _)`);
        return ['--rotation', rotation];
    }

    // The follower: citefeed status --format json --follow.

    _start() {
        this._stop();
        const generation = this._generation;
        let argv;
        try {
            const args = ['status', '--format', 'json', '--follow'];
            if (this._setting('scroll'))
                args.push('--scroll');
            argv = this._argv(args.concat(this._rotationArgs()));
        } catch (e) {
            this._startedAt = GLib.get_monotonic_time();
            this._failed(e.message);
            return;
        }
        let proc;
        try {
            proc = Gio.Subprocess.new(argv,
                Gio.SubprocessFlags.STDOUT_PIPE | Gio.SubprocessFlags.STDERR_PIPE);
        } catch (e) {
            this._startedAt = GLib.get_monotonic_time();
            this._failed(`could not start ${argv[0]}: ${e.message}`);
            return;
        }
        this._proc = proc;
        this._cancellable = new Gio.Cancellable();
        this._startedAt = GLib.get_monotonic_time();
        this._stderrTail = [];

        // It has ended when it exited and both pipes are at their end (so its last words are read).
        let pending = 3;
        const ended = () => {
            if (--pending === 0 && generation === this._generation)
                this._exited(proc);
        };
        const stream = pipe => new Gio.DataInputStream({base_stream: pipe, close_base_stream: true});
        this._readLines(stream(proc.get_stdout_pipe()), generation, line => this._onLine(line), ended);
        this._readLines(stream(proc.get_stderr_pipe()), generation, line => this._onStderr(line), ended);
        proc.wait_async(this._cancellable, (p, result) => {
            try {
                p.wait_finish(result);
            } catch (e) {
                if (!isCancelled(e))
                    logError(e, 'citefeed: waiting for citefeed status');
                return;
            }
            ended();
        });
    }

    _readLines(stream, generation, onLine, onEnd) {
        stream.read_line_async(GLib.PRIORITY_DEFAULT, this._cancellable, (s, result) => {
            let bytes;
            try {
                [bytes] = s.read_line_finish(result);
            } catch (e) {
                this._closeQuietly(s);
                if (isCancelled(e) || generation !== this._generation)
                    return;
                logError(e, 'citefeed: reading citefeed status');
                onEnd();
                return;
            }
            if (generation !== this._generation) {
                this._closeQuietly(s);
                return;
            }
            if (bytes === null) {
                this._closeQuietly(s);
                onEnd();
                return;
            }
            onLine(this._decoder.decode(bytes));
            if (generation === this._generation)
                this._readLines(s, generation, onLine, onEnd);
        });
    }

    _closeQuietly(stream) {
        try {
            stream.close(null);
        } catch (e) {
            // Closed already, or an operation is still pending; it goes with the stream.
        }
    }

    _onLine(text) {
        let status;
        try {
            status = JSON.parse(text);
        } catch (e) {
            return;
        }
        if (!status || typeof status !== 'object' || typeof status.line !== 'string')
            return;
        const recovered = this._error !== null;
        this._error = null;
        const line = status.line.replace(/[\r\n\t]+/g, ' ');
        this._label.text = line.trim() ? line : 'citefeed';
        this._state = status;
        // Scroll steps change only "line": the menu is rebuilt when what it shows changes.
        const key = JSON.stringify([status.citation ?? null, status.review ?? null,
            status.citation ? null : line]);
        if (recovered || key !== this._stateKey) {
            this._stateKey = key;
            this._rebuildMenu();
        }
    }

    _onStderr(text) {
        const line = text.trim();
        if (!line)
            return;
        this._stderrTail.push(line.length > 300 ? `${line.slice(0, 300)}…` : line);
        if (this._stderrTail.length > STDERR_LINES)
            this._stderrTail.shift();
    }

    _exited(proc) {
        this._proc = null;
        let how;
        if (proc.get_if_exited())
            how = `exit status ${proc.get_exit_status()}`;
        else if (proc.get_if_signaled())
            how = `signal ${proc.get_term_sig()}`;
        else
            how = 'ended';
        const said = this._stderrTail.join('\n');
        this._failed(`citefeed status stopped (${how})${said ? `:\n${said}` : ''}`);
    }

    _failed(message) {
        log(`citefeed: ${message}`);
        this._proc = null;
        this._error = message;
        this._state = null;
        this._stateKey = null;
        this._label.text = FAILED_LABEL;
        const ranFor = (GLib.get_monotonic_time() - this._startedAt) / 1e6;
        if (ranFor >= STABLE_SECONDS)
            this._backoff = 0;
        const delay = BACKOFF_SECONDS[Math.min(this._backoff, BACKOFF_SECONDS.length - 1)];
        this._backoff++;
        if (this._restartId)
            GLib.source_remove(this._restartId);
        this._restartDelay = delay;
        this._restartId = GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, delay, () => {
            this._restartId = 0;
            this._start();
            return GLib.SOURCE_REMOVE;
        });
        this._rebuildMenu();
    }

    _stop() {
        this._generation++;
        if (this._restartId) {
            GLib.source_remove(this._restartId);
            this._restartId = 0;
        }
        if (this._cancellable) {
            this._cancellable.cancel();
            this._cancellable = null;
        }
        if (this._proc) {
            this._proc.force_exit();
            this._proc = null;
        }
    }

    _restartNow() {
        this._backoff = 0;
        this._error = null;
        this._label.text = WAITING_LABEL;
        this._rebuildMenu();
        this._start();
    }

    _onSettingsChanged() {
        // Typing in the preferences changes a setting per key: start once it settles.
        if (this._settingsDelayId)
            GLib.source_remove(this._settingsDelayId);
        this._settingsDelayId = GLib.timeout_add(GLib.PRIORITY_DEFAULT, SETTINGS_DELAY_MS, () => {
            this._settingsDelayId = 0;
            this._applyStyle();
            this._state = null;
            this._stateKey = null;
            this._restartNow();
            return GLib.SOURCE_REMOVE;
        });
    }

    // The menu.

    _addText(text, styleClass, dimmed = true) {
        // A text that does nothing when clicked. Not dimmed: reactive (a non-reactive widget is
        // :insensitive, greyed) but neither activated nor highlighted, in the usual colour.
        const item = new PopupMenu.PopupMenuItem('', dimmed
            ? {reactive: false, can_focus: false}
            : {reactive: true, activate: false, hover: false, can_focus: false});
        if (!dimmed)
            item.remove_style_class_name('popup-inactive-menu-item');
        const label = item.label;
        label.clutter_text.use_markup = false;
        label.clutter_text.line_wrap = true;
        label.clutter_text.line_wrap_mode = Pango.WrapMode.WORD_CHAR;
        label.clutter_text.ellipsize = Pango.EllipsizeMode.NONE;
        label.add_style_class_name(styleClass);
        label.text = text;
        this.menu.addMenuItem(item);
        return item;
    }

    _addAction(name, title, callback) {
        const item = new PopupMenu.PopupMenuItem(title);
        item.connect('activate', () => callback());
        this.menu.addMenuItem(item);
        this._actionItems.set(name, item);
        return item;
    }

    _addTags(tags) {
        const item = new PopupMenu.PopupBaseMenuItem({reactive: false, can_focus: false});
        const box = new St.BoxLayout({style_class: 'citefeed-tags', x_expand: true});
        for (const tag of tags) {
            const name = nonEmptyString(tag?.name);
            if (!name)
                continue;
            const label = new St.Label({style_class: 'citefeed-tag'});
            label.clutter_text.use_markup = false;
            label.text = `● ${name}`;
            if (typeof tag.hex === 'string' && HEX_COLOUR.test(tag.hex))
                label.style = `color: ${tag.hex};`;
            box.add_child(label);
        }
        if (box.get_n_children() === 0) {
            item.destroy();
            return;
        }
        item.add_child(box);
        this.menu.addMenuItem(item);
    }

    _rebuildMenu() {
        this.menu.removeAll();
        this._actionItems.clear();

        if (this._error !== null) {
            this._addText(this._error, 'citefeed-error', false);
            if (this._restartId)
                this._addText(`Trying again after ${this._restartDelay} s.`, 'citefeed-message');
            this.menu.addMenuItem(new PopupMenu.PopupSeparatorMenuItem());
            this._addAction('restart', 'Restart', () => this._restartNow());
            this._addAction('prefs', 'Preferences…', () => this._openPrefs());
            return;
        }

        const status = this._state;
        if (!status) {
            this._addText('Waiting for citefeed…', 'citefeed-message');
            this.menu.addMenuItem(new PopupMenu.PopupSeparatorMenuItem());
            this._addAction('prefs', 'Preferences…', () => this._openPrefs());
            return;
        }

        const review = status.review && typeof status.review === 'object' ? status.review : null;
        const revealed = review?.revealed === true;
        const citation = status.citation && typeof status.citation === 'object' &&
            typeof status.citation.text === 'string' ? status.citation : null;
        const source = citation ? nonEmptyString(citation.source) : null;
        const id = citation && Number.isInteger(citation.id) && citation.id > 0 ? citation.id : null;

        if (citation) {
            this._addText(citation.text, 'citefeed-text', false);
            const back = nonEmptyString(citation.back);
            if (back && (!review || revealed))
                this._addText(`→ ${back}`, 'citefeed-back', false);
            const by = [nonEmptyString(citation.author), source].filter(x => x).join(', ');
            if (by)
                this._addText(`— ${by}`, 'citefeed-by');
            if (Array.isArray(citation.tags) && citation.tags.length > 0)
                this._addTags(citation.tags);
        } else {
            this._addText(status.line.trim() || 'Nothing to show', 'citefeed-message');
        }

        this.menu.addMenuItem(new PopupMenu.PopupSeparatorMenuItem());
        if (!review)
            this._addAction('next', 'Next citation', () => this._run(['next'], 'next', true));
        if (citation)
            this._addAction('copy', 'Copy', () => this._copy(citation));
        if (citation && id !== null && source && WEB_ADDRESS.test(source.trim()))
            this._addAction('open', 'Open the source', () => this._run(['open', String(id)], 'open'));
        if (review && citation) {
            if (!revealed) {
                this._addAction('reveal', 'Reveal the back',
                    () => this._run(['reveal'], 'reveal', true));
            } else {
                for (const [grade, title] of GRADES) {
                    this._addAction(grade, title,
                        () => this._run(['grade', grade], `grade ${grade}`, true));
                }
            }
        }
        // A review rotation with no card due has no actions but the preferences.
        if (this._actionItems.size > 0)
            this.menu.addMenuItem(new PopupMenu.PopupSeparatorMenuItem());
        this._addAction('prefs', 'Preferences…', () => this._openPrefs());
    }

    // Actions.

    _notify(message) {
        log(`citefeed: ${message}`);
        Main.notify('Citefeed', message);
    }

    _openPrefs() {
        try {
            this._openPrefsFunction();
        } catch (e) {
            this._notify(`Could not open the preferences: ${e.message}`);
        }
    }

    _copy(citation) {
        const by = [nonEmptyString(citation.author), nonEmptyString(citation.source)].filter(x => x);
        const text = `“${citation.text}”${by.length ? ` — ${by.join(', ')}` : ''}`;
        St.Clipboard.get_default().set_text(St.ClipboardType.CLIPBOARD, text);
    }

    // Runs citefeed with an argument list (and --rotation R when withRotation and a rotation is
    // set); says so when it fails or complains.
    _run(args, what, withRotation = false) {
        let argv;
        try {
            argv = this._argv(withRotation ? args.concat(this._rotationArgs()) : args);
        } catch (e) {
            this._notify(`citefeed ${what}: ${e.message}`);
            return;
        }
        let proc;
        try {
            // Standard output is not read: 'open' starts a browser, which may keep a pipe open.
            proc = Gio.Subprocess.new(argv,
                Gio.SubprocessFlags.STDOUT_SILENCE | Gio.SubprocessFlags.STDERR_PIPE);
        } catch (e) {
            this._notify(`Could not run citefeed ${what}: ${e.message}`);
            return;
        }
        const action = {cancellable: new Gio.Cancellable(), timeoutId: 0};
        this._actions.add(action);
        const chunks = [];
        let size = 0;
        const stderr = proc.get_stderr_pipe();
        const readMore = () => {
            stderr.read_bytes_async(4096, GLib.PRIORITY_DEFAULT, action.cancellable, (s, result) => {
                let bytes;
                try {
                    bytes = s.read_bytes_finish(result);
                } catch (e) {
                    return;
                }
                if (bytes.get_size() === 0)
                    return;
                if (size < 16384) {
                    chunks.push(bytes.toArray());
                    size += bytes.get_size();
                }
                readMore();
            });
        };
        readMore();
        proc.wait_async(action.cancellable, (p, result) => {
            try {
                p.wait_finish(result);
            } catch (e) {
                this._actions.delete(action);
                return;
            }
            // A moment for the rest of its standard error (a browser it started may hold the pipe).
            action.timeoutId = GLib.timeout_add(GLib.PRIORITY_DEFAULT, 300, () => {
                action.timeoutId = 0;
                action.cancellable.cancel();
                this._actions.delete(action);
                this._closeQuietly(stderr);
                const all = new Uint8Array(size);
                let offset = 0;
                for (const chunk of chunks) {
                    all.set(chunk, offset);
                    offset += chunk.length;
                }
                const said = this._decoder.decode(all).trim().replace(/^citefeed: (error: )?/, '');
                if (!p.get_successful())
                    this._notify(`citefeed ${what} failed${said ? `: ${said}` : ''}`);
                else if (said)
                    this._notify(`citefeed ${what}: ${said}`);
                return GLib.SOURCE_REMOVE;
            });
        });
    }

    _onDestroy() {
        for (const id of this._settingsIds)
            this._settings.disconnect(id);
        this._settingsIds = [];
        if (this._settingsDelayId) {
            GLib.source_remove(this._settingsDelayId);
            this._settingsDelayId = 0;
        }
        for (const action of this._actions) {
            if (action.timeoutId)
                GLib.source_remove(action.timeoutId);
            action.cancellable.cancel();
        }
        this._actions.clear();
        this._stop();
        this._settings = null;
        this._openPrefsFunction = null;
    }
});

class Extension {
    constructor() {
        this._indicator = null;
    }

    enable() {
        let settings = null;
        try {
            settings = ExtensionUtils.getSettings();
        } catch (e) {
            log(`citefeed: no compiled settings schema, so the default settings (${e.message})`);
        }
        this._indicator = new CitefeedIndicator(settings, () => ExtensionUtils.openPrefs());
        Main.panel.addToStatusArea(ROLE, this._indicator, 0, 'right');
    }

    disable() {
        this._indicator?.destroy();
        this._indicator = null;
    }
}

function init() {
    return new Extension();
}
