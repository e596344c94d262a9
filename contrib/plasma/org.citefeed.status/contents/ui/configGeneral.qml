import QtQuick 2.15
import QtQuick.Controls 2.15 as QQC2
import org.kde.kirigami 2.20 as Kirigami

Kirigami.FormLayout {
    id: page

    property alias cfg_rotation: rotationField.text
    property alias cfg_command: commandField.text
    property alias cfg_home: homeField.text
    property alias cfg_scroll: scrollBox.checked

    // Plasma 5.27's settings dialog also hands over the defaults; declared so it finds them.
    property string cfg_rotationDefault
    property string cfg_commandDefault
    property string cfg_homeDefault
    property bool cfg_scrollDefault

    QQC2.TextField {
        id: rotationField
        Kirigami.FormData.label: i18n("Rotation:")
        placeholderText: i18n("the default rotation")
    }

    QQC2.TextField {
        id: commandField
        Kirigami.FormData.label: i18n("citefeed program:")
        placeholderText: "citefeed"
    }

    QQC2.TextField {
        id: homeField
        Kirigami.FormData.label: i18n("Library folder (--home):")
        placeholderText: i18n("CITEFEED_HOME or the usual place")
    }

    QQC2.CheckBox {
        id: scrollBox
        Kirigami.FormData.label: i18n("Long lines:")
        text: i18n("Scroll through the bar (monospace, every second)")
    }
}
