-- /home/reader/Books/Far Shore.epub
-- Written by Tests/Fixtures/readers/make-desktop-apps.py (invented text), not fetched.
return {
    ["annotations"] = {
        [1] = {
            ["chapter"] = "The Crossing",
            ["color"] = "green",
            ["datetime"] = "2025-03-04 21:15:02",
            ["drawer"] = "lighten",
            ["note"] = "Echoes the first chapter.",
            ["page"] = "/body/DocFragment[4]/body/p[3]/text().0",
            ["pos0"] = "/body/DocFragment[4]/body/p[3]/text().0",
            ["pos1"] = "/body/DocFragment[4]/body/p[3]/text().61",
            ["text"] = "Every shore is far until the boat is already leaving it.",
        },
        [2] = {
            ["datetime"] = "2025-03-04 21:20:00",
            ["page"] = "/body/DocFragment[5]/body/p[1]/text().0",
        },
    },
    ["doc_props"] = {
        ["authors"] = "Inés Albarrán",
        ["title"] = "Far Shore",
    },
}
