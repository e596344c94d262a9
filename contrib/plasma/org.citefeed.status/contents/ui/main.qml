/*
    Citefeed for Plasma 5.27: the bar line of `citefeed status --format json --scroll`,
    polled every second through the executable data engine, and the current citation in
    full with citefeed's actions when clicked.

    Security: the executable engine hands each source name to /bin/sh -c. Every command
    here is made of fixed words and the configured program, library folder and rotation,
    each quoted by shellQuote(); no text of a citation ever goes into a command (the
    actions use --current). Every Text shows plain text (textFormat: Text.PlainText), as
    Qt's default (AutoText) would render a citation that looks like HTML.

    SPDX-License-Identifier: MIT
*/
import QtQuick 2.15
import QtQuick.Layouts 1.15
import org.kde.plasma.core 2.0 as PlasmaCore
import org.kde.plasma.components 3.0 as PlasmaComponents3
import org.kde.plasma.plasmoid 2.0

Item {
    id: root

    // ---- Settings (contents/config/main.xml) ----
    readonly property string rotation: (Plasmoid.configuration.rotation || "").trim()
    readonly property string program: (Plasmoid.configuration.command || "").trim() || "citefeed"
    readonly property string home: (Plasmoid.configuration.home || "").trim()
    readonly property bool scroll: Plasmoid.configuration.scroll

    // ---- The latest answer of `citefeed status --format json` ----
    property var pick: null
    property bool loaded: false
    property string errorText: ""   // the last status command failed: shown instead of the line
    property string actionError: "" // the last action failed: shown in the full view for a while

    readonly property var citation: pick && pick.citation && typeof pick.citation === "object" ? pick.citation : null
    readonly property bool reviewing: !!(pick && pick.review && typeof pick.review === "object")
    readonly property bool revealed: reviewing && pick.review.revealed === true
    readonly property string line: errorText !== "" ? errorText
        : (pick && typeof pick.line === "string" ? pick.line : (loaded ? "" : i18n("Citefeed…")))
    readonly property string fullText: citation ? textOf(citation.text) : ""
    readonly property string backText: citation ? textOf(citation.back) : ""
    readonly property bool showBack: backText !== "" && (!reviewing || revealed)
    readonly property string byline: {
        if (!citation) {
            return "";
        }
        var parts = [textOf(citation.author), textOf(citation.source)].filter(function (s) { return s !== ""; });
        return parts.length > 0 ? "— " + parts.join(", ") : "";
    }
    readonly property var tags: citation && Array.isArray(citation.tags)
        ? citation.tags.filter(function (t) { return t && typeof t.name === "string"; }) : []
    readonly property string tagLine: tags.map(function (t) { return "#" + t.name; }).join(" ")
    readonly property string sourceURL: citation && /^https?:\/\//i.test(textOf(citation.source)) ? textOf(citation.source) : ""

    // ---- Commands ----

    // One shell word holding s exactly: '…' with each ' written as '\''.
    function shellQuote(s) {
        return "'" + String(s).replace(/'/g, "'\\''") + "'";
    }

    // A configured path as a shell word; a leading ~/ becomes "$HOME"/ (a fixed word).
    function shellPath(p) {
        if (p === "~") {
            return "\"$HOME\"";
        }
        return p.indexOf("~/") === 0 ? "\"$HOME\"/" + shellQuote(p.slice(2)) : shellQuote(p);
    }

    // citefeed [--home DIR] WORDS [--rotation NAME]. `words` are fixed words of this file only.
    // copy and open have no --rotation option; they take the rotation from CITEFEED_ROTATION.
    function citefeedCommand(words, rotationInEnvironment) {
        var command = shellPath(program);
        if (home !== "") {
            command += " --home " + shellPath(home);
        }
        command += " " + words;
        if (rotation !== "") {
            if (rotationInEnvironment) {
                command = "CITEFEED_ROTATION=" + shellQuote(rotation) + " " + command;
            } else {
                command += " --rotation " + shellQuote(rotation);
            }
        }
        return command;
    }

    readonly property string statusCommand: citefeedCommand("status --format json" + (scroll ? " --scroll" : ""), false)

    function textOf(value) {
        return typeof value === "string" ? value : "";
    }

    function firstLine(s) {
        var lines = String(s).split("\n").filter(function (l) { return l.trim() !== ""; });
        return lines.length > 0 ? lines[0].trim() : "";
    }

    // "citefeed: " and the first line of its standard error (without a doubled "citefeed: ").
    function failure(code, stderr) {
        if (code === 127) {
            return "citefeed: " + i18n("%1 was not found; set the program's path in the widget's settings", program);
        }
        var first = firstLine(stderr).replace(/^citefeed:\s*/, "");
        return "citefeed: " + (first !== "" ? first : i18n("exit status %1", code));
    }

    property string pollingCommand: ""   // the status command running now, if any
    property bool pollAgain: false       // a poll was asked for while one was running
    property var pendingActions: ({})     // action command -> its name

    function poll() {
        if (pollingCommand !== "") {
            pollAgain = true;
            return;
        }
        pollingCommand = statusCommand;
        runner.connectSource(pollingCommand);
    }

    function statusFinished(code, stdout, stderr) {
        if (code !== 0) {
            errorText = failure(code, stderr);
            return;
        }
        var answer = null;
        try {
            answer = JSON.parse(stdout);
        } catch (e) {
            answer = null;
        }
        if (!answer || typeof answer !== "object" || Array.isArray(answer)) {
            errorText = "citefeed: " + i18n("unexpected output: %1", firstLine(stdout).slice(0, 80));
            return;
        }
        errorText = "";
        pick = answer;
        loaded = true;
    }

    function run(name, command) {
        pendingActions[command] = name;
        runner.connectSource(command);
    }

    function actionFinished(name, code, stdout, stderr) {
        if (code === 0) {
            actionError = "";
        } else if (name === "copy" && citation) {
            // No wl-copy, xclip or xsel: copy what citefeed would have, through Qt.
            var copied = "“" + fullText + "”" + (byline !== "" ? " " + byline : "");
            clipboardHelper.text = copied;
            clipboardHelper.selectAll();
            clipboardHelper.copy();
            clipboardHelper.text = "";
            actionError = "";
        } else if (name === "open" && sourceURL !== "" && Qt.openUrlExternally(sourceURL)) {
            // No xdg-open: Qt opens the http(s) address itself (no shell involved).
            actionError = "";
        } else {
            actionError = failure(code, stderr);
            actionErrorTimer.restart();
        }
        poll();
    }

    function next() { run("next", citefeedCommand("next", false)); }
    function copyCurrent() { run("copy", citefeedCommand("copy --current", true)); }
    function openSource() { run("open", citefeedCommand("open --current", true)); }
    function reveal() { run("reveal", citefeedCommand("reveal", false)); }
    function grade(answer) {
        if (["again", "hard", "good", "easy"].indexOf(answer) >= 0) {
            run("grade", citefeedCommand("grade " + answer, false));
        }
    }

    PlasmaCore.DataSource {
        id: runner
        engine: "executable"
        connectedSources: []
        onNewData: function (sourceName, data) {
            var code = data["exit code"];
            var stdout = data["stdout"] || "";
            var stderr = data["stderr"] || "";
            disconnectSource(sourceName);
            if (sourceName === root.pollingCommand) {
                root.pollingCommand = "";
                root.statusFinished(code, stdout, stderr);
                if (root.pollAgain) {
                    root.pollAgain = false;
                    root.poll();
                }
            } else if (sourceName in root.pendingActions) {
                var name = root.pendingActions[sourceName];
                delete root.pendingActions[sourceName];
                root.actionFinished(name, code, stdout, stderr);
            }
        }
    }

    Timer {
        interval: root.scroll ? 1000 : 5000
        running: true
        repeat: true
        triggeredOnStart: true
        onTriggered: root.poll()
    }

    Timer {
        id: actionErrorTimer
        interval: 10000
        onTriggered: root.actionError = ""
    }

    // Another rotation or library: the pick shown belongs to the old one.
    onStatusCommandChanged: {
        errorText = "";
        pick = null;
        loaded = false;
        poll();
    }

    TextEdit {
        id: clipboardHelper
        visible: false
        textFormat: TextEdit.PlainText
    }

    // ---- Context menu ----

    property string actionsShown: ""

    function updateActions() {
        var wanted = [];
        if (pick && (citation || !reviewing)) {
            if (!reviewing) {
                wanted.push(["next", i18n("Next Citation"), "go-next"]);
            } else if (!revealed) {
                wanted.push(["reveal", i18n("Reveal"), "view-visible"]);
            } else {
                wanted.push(["again", i18n("Again"), "view-refresh"]);
                wanted.push(["hard", i18n("Hard"), "go-down"]);
                wanted.push(["good", i18n("Good"), "dialog-ok"]);
                wanted.push(["easy", i18n("Easy"), "go-up"]);
            }
        }
        if (citation) {
            wanted.push(["copy", i18n("Copy Citation"), "edit-copy"]);
        }
        if (sourceURL !== "") {
            wanted.push(["open", i18n("Open the Source"), "internet-web-browser"]);
        }
        var key = wanted.map(function (a) { return a[0]; }).join(",");
        if (key === actionsShown) {
            return;
        }
        ["next", "reveal", "again", "hard", "good", "easy", "copy", "open"].forEach(function (name) {
            Plasmoid.removeAction(name);
        });
        wanted.forEach(function (a) {
            Plasmoid.setAction(a[0], a[1], a[2]);
        });
        actionsShown = key;
    }

    function action_next() { next(); }
    function action_reveal() { reveal(); }
    function action_again() { grade("again"); }
    function action_hard() { grade("hard"); }
    function action_good() { grade("good"); }
    function action_easy() { grade("easy"); }
    function action_copy() { copyCurrent(); }
    function action_open() { openSource(); }

    onPickChanged: updateActions()   // every poll; updateActions changes the menu only when needed
    Component.onCompleted: updateActions()

    // ---- Tooltip ----

    Plasmoid.toolTipTextFormat: Text.PlainText
    Plasmoid.toolTipMainText: citation ? fullText : (line !== "" ? line : i18n("Citefeed"))
    Plasmoid.toolTipSubText: citation
        ? [byline, showBack ? backText : "", tagLine].filter(function (s) { return s !== ""; }).join("\n")
        : ""

    Plasmoid.switchWidth: PlasmaCore.Units.gridUnit * 12
    Plasmoid.switchHeight: PlasmaCore.Units.gridUnit * 6

    // ---- In the bar: the line ----

    Plasmoid.compactRepresentation: MouseArea {
        id: compact

        readonly property bool vertical: Plasmoid.formFactor === PlasmaCore.Types.Vertical

        Layout.minimumWidth: vertical ? 0 : Math.min(barLabel.implicitWidth, PlasmaCore.Units.gridUnit * 4)
        Layout.preferredWidth: vertical ? -1 : barLabel.implicitWidth
        Layout.maximumWidth: vertical ? Infinity : barLabel.implicitWidth

        acceptedButtons: Qt.LeftButton | Qt.MiddleButton
        hoverEnabled: true
        onClicked: function (mouse) {
            if (mouse.button === Qt.MiddleButton && !root.reviewing) {
                root.next();
            } else {
                Plasmoid.expanded = !Plasmoid.expanded;
            }
        }

        PlasmaComponents3.Label {
            id: barLabel
            anchors.fill: parent
            text: root.line
            textFormat: Text.PlainText
            // A monospace font while scrolling, so the width stays the same at every step.
            font.family: root.scroll ? "monospace" : PlasmaCore.Theme.defaultFont.family
            wrapMode: Text.NoWrap
            maximumLineCount: 1
            elide: compact.vertical ? Text.ElideRight : Text.ElideNone
            verticalAlignment: Text.AlignVCenter
            horizontalAlignment: compact.vertical ? Text.AlignHCenter : Text.AlignLeft
        }
    }

    // ---- Clicked: the citation in full, with its actions ----

    Plasmoid.fullRepresentation: Item {
        id: full

        Layout.minimumWidth: PlasmaCore.Units.gridUnit * 14
        Layout.preferredWidth: PlasmaCore.Units.gridUnit * 24
        Layout.minimumHeight: PlasmaCore.Units.gridUnit * 5
        Layout.preferredHeight: column.implicitHeight + PlasmaCore.Units.largeSpacing
            + (errorLabel.visible ? errorLabel.height + PlasmaCore.Units.largeSpacing : 0) + buttons.implicitHeight

        // The text scrolls when the widget is smaller than it; the buttons stay at the bottom.
        PlasmaComponents3.ScrollView {
            id: scrollView
            anchors.left: parent.left
            anchors.right: parent.right
            anchors.top: parent.top
            anchors.bottom: errorLabel.top
            anchors.bottomMargin: PlasmaCore.Units.largeSpacing
            // The text's width leaves room for the scroll bar whether it shows or not, so that
            // wrapping never depends on the bar (a binding loop).
            readonly property real barWidth: PlasmaComponents3.ScrollBar.vertical.width
            PlasmaComponents3.ScrollBar.horizontal.policy: PlasmaComponents3.ScrollBar.AlwaysOff
            contentWidth: column.width
            clip: true

            // A Column, not a ColumnLayout: wrapped labels in a layout make a binding loop.
            Column {
                id: column
                width: Math.max(0, scrollView.width - scrollView.barWidth - PlasmaCore.Units.smallSpacing)
                spacing: PlasmaCore.Units.largeSpacing

                PlasmaComponents3.Label {
                    width: parent.width
                    visible: text !== ""
                    // Without a citation, the line (say, when the next card is due); an error
                    // shows below.
                    text: root.citation ? root.fullText : (root.errorText !== "" ? "" : root.line)
                    textFormat: Text.PlainText
                    wrapMode: Text.Wrap
                    verticalAlignment: Text.AlignTop
                    font.pointSize: PlasmaCore.Theme.defaultFont.pointSize * 1.4
                }

                PlasmaComponents3.Label {
                    width: parent.width
                    visible: root.showBack
                    text: root.backText
                    textFormat: Text.PlainText
                    wrapMode: Text.Wrap
                    verticalAlignment: Text.AlignTop
                    font.italic: true
                }

                PlasmaComponents3.Label {
                    width: parent.width
                    visible: text !== ""
                    text: root.byline
                    textFormat: Text.PlainText
                    wrapMode: Text.Wrap
                    verticalAlignment: Text.AlignTop
                    opacity: 0.7
                }

                Flow {
                    width: parent.width
                    visible: root.tags.length > 0
                    spacing: PlasmaCore.Units.smallSpacing

                    Repeater {
                        model: root.tags

                        Rectangle {
                            readonly property bool validHex: typeof modelData.hex === "string" && /^#[0-9A-Fa-f]{6}$/.test(modelData.hex)
                            readonly property color tagColor: validHex ? modelData.hex : PlasmaCore.Theme.highlightColor
                            readonly property bool light: (0.299 * tagColor.r + 0.587 * tagColor.g + 0.114 * tagColor.b) > 0.6

                            width: tagLabel.implicitWidth + PlasmaCore.Units.largeSpacing
                            height: tagLabel.implicitHeight + PlasmaCore.Units.smallSpacing
                            radius: height / 2
                            color: tagColor

                            PlasmaComponents3.Label {
                                id: tagLabel
                                anchors.centerIn: parent
                                text: modelData.name
                                textFormat: Text.PlainText
                                color: parent.light ? "black" : "white"
                                font: PlasmaCore.Theme.smallestFont
                            }
                        }
                    }
                }

            }
        }

        // What went wrong (citefeed's first line of standard error), always in sight.
        PlasmaComponents3.Label {
            id: errorLabel
            anchors.left: parent.left
            anchors.right: parent.right
            anchors.bottom: buttons.top
            anchors.bottomMargin: visible ? PlasmaCore.Units.largeSpacing : 0
            height: visible ? implicitHeight : 0
            visible: text !== ""
            text: root.errorText !== "" ? root.errorText : root.actionError
            textFormat: Text.PlainText
            wrapMode: Text.Wrap
            verticalAlignment: Text.AlignTop
            color: PlasmaCore.Theme.negativeTextColor
        }

        Flow {
            id: buttons
            anchors.left: parent.left
            anchors.right: parent.right
            anchors.bottom: parent.bottom
            spacing: PlasmaCore.Units.smallSpacing

            PlasmaComponents3.Button {
                visible: root.pick !== null && !root.reviewing
                text: i18n("Next")
                icon.name: "go-next"
                onClicked: root.next()
            }
            PlasmaComponents3.Button {
                visible: root.reviewing && !root.revealed && root.citation !== null
                text: i18n("Reveal")
                icon.name: "view-visible"
                onClicked: root.reveal()
            }
            Repeater {
                model: [
                    { answer: "again", label: i18n("Again") },
                    { answer: "hard", label: i18n("Hard") },
                    { answer: "good", label: i18n("Good") },
                    { answer: "easy", label: i18n("Easy") }
                ]
                PlasmaComponents3.Button {
                    visible: root.reviewing && root.revealed && root.citation !== null
                    text: modelData.label
                    onClicked: root.grade(modelData.answer)
                }
            }
            PlasmaComponents3.Button {
                visible: root.citation !== null
                text: i18n("Copy")
                icon.name: "edit-copy"
                onClicked: root.copyCurrent()
            }
            PlasmaComponents3.Button {
                visible: root.sourceURL !== ""
                text: i18n("Open the Source")
                icon.name: "internet-web-browser"
                onClicked: root.openSource()
            }
        }
    }
}
