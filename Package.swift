// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Gazette",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "gazette", targets: ["gazette"]),
        // What the fuzzing package (Fuzz/) links: every parser of outside input.
        .library(
            name: "GazetteParsers",
            targets: [
                "Workouts", "Racing", "CreditScore", "JSONSupport", "Jobs", "Rendering", "Reports", "Localization",
                "GazetteCore", "Deterministic"
            ])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1")
    ],
    targets: [
        // Cairo, as a C module found through pkg-config.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev", "libfontconfig-dev"])]
        ),
        // A PNG writer for Cairo's pixels on libdeflate (Debian libdeflate-dev): a C module, since the
        // per-pixel loops are the hot path of every build.
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("deflate")]),
        // What drawings are made of, as plain values: points, sizes, rectangles, colours, paper.
        .target(name: "Graphics"),
        // The Cairo wrapper: PNG, SVG and PDF bytes from drawing calls.
        .target(name: "Canvas", dependencies: ["CCairo", "CPNG", "Graphics", "GazetteCore", "Deterministic"]),
        // Chart specs as plain values, with no Cairo: what the presenters make.
        .target(name: "Charts", dependencies: ["Graphics", "Deterministic", "Localization"]),
        // Drawing chart specs through Canvas: layouts, scales, axes, each kind's renderer, cache keys.
        .target(
            name: "ChartDrawing",
            dependencies: ["Charts", "Canvas", "Graphics", "Deterministic", "Localization", "GazetteCore"]),

        // Calendar days without time zones, UTC instants, columns and carets, a seeded generator:
        // the rules every module needs to give the same output on every machine, with no locale.
        .target(name: "Deterministic"),
        // The readers' conventions (locale, time zone) as a value, and what they spell: numbers
        // (grouping, whole-unit truncation, decimals, percent, signs), days and times of day.
        // Its words too: the message catalogs of Templates/messages/, compiled in.
        .target(
            name: "Localization", dependencies: ["Deterministic"], linkerSettings: [.linkedLibrary("_FoundationICU")],
            plugins: ["EmbedCatalogs"]),
        // The message catalogs' rules (YAML with plural forms, placeholders checked against
        // English): for the catalogs built in and for a user's own.
        .target(name: "CatalogFormat", dependencies: [.product(name: "Yams", package: "Yams")]),
        .executableTarget(name: "CompileCatalogs", dependencies: ["CatalogFormat", "SwiftLiterals"]),
        // Swift source text for values: what the build tools that write Swift share.
        .target(name: "SwiftLiterals"),
        .plugin(name: "EmbedCatalogs", capability: .buildTool(), dependencies: ["CompileCatalogs"]),

        // Domain modules: pure, Foundation only.
        .target(name: "CreditScore", dependencies: ["JSONSupport", "Localization"]),
        .target(name: "Workouts", dependencies: ["Deterministic", "GazetteCore", "JSONSupport"]),
        .target(name: "Racing", dependencies: ["Deterministic", "JSONSupport"]),
        // Locating JSON syntax errors by line and column, for the JSON-reading domain modules.
        .target(name: "JSONSupport", dependencies: ["Deterministic", "GazetteCore"]),

        // The atomic swap of the output folder (renameat2), which Swift's Glibc does not expose.
        .target(name: "CFileExchange"),
        // glibc's malloc_trim, which Swift's Glibc does not expose: a long log's parse is given back.
        .target(name: "CMemory"),
        // libcurl's easy interface (Debian's libcurl4-openssl-dev): a real deadline for a whole fetch.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl")]),

        // Turns Templates/ into Swift source so the binary runs from any folder.
        .executableTarget(name: "EmbedResources"),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["EmbedResources"]),
        // Turns each built-in template into a Swift renderer over its typed page context.
        .executableTarget(name: "CompileTemplates", dependencies: ["CatalogFormat", "SwiftLiterals"]),
        .plugin(name: "CompileTemplatesPlugin", capability: .buildTool(), dependencies: ["CompileTemplates"]),

        // The vocabulary every stage shares: errors with their places, sources, JSON output
        // values, canonical keys, summary escaping, slugs and the file walker.
        .target(name: "GazetteCore", dependencies: ["Deterministic"]),
        // The typed facts of a built report, below both the kinds and the output: its kind, its
        // warnings and outcome, its card and the card's drawn thumbnail. `ReportRecord` keeps them.
        .target(name: "ReportFacts", dependencies: ["GazetteCore"]),
        // Templates (the library compiled from Templates/, lowered contexts, the strict checker,
        // HTML escaping; the only user of swift-mustache) and the renderers of every channel:
        // pages and the front page, the e-mail's body, the PDF.
        .target(
            name: "Rendering",
            dependencies: [
                "GazetteCore", "ReportFacts", "Reports", "Canvas", "ChartDrawing", "Charts", "Graphics",
                "Deterministic", "Localization",
                "CatalogFormat", "Email", .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto")
            ],
            plugins: ["EmbedTemplates", "CompileTemplatesPlugin"]
        ),
        // The staging folder, the manifest and the atomic swap: the only writer of the output.
        .target(
            name: "SiteOutput",
            dependencies: [
                "GazetteCore", "ReportFacts", "CFileExchange", .product(name: "Crypto", package: "swift-crypto")
            ]
        ),

        // `gazette send`: built report.eml files delivered over SMTP (libcurl), each once.
        .target(
            name: "Sending",
            dependencies: [
                "Email", "GazetteCore", "Deterministic", "CCurl", .product(name: "Crypto", package: "swift-crypto")
            ]),
        // E-mail as a format, shared by the build (writing report.eml) and `gazette send` (reading
        // and sending it): mailboxes (the one parser of an address), the MIME message with its
        // quoted-printable and base64 parts, and header reading.
        .target(
            name: "Email",
            dependencies: ["GazetteCore", "Deterministic", .product(name: "Crypto", package: "swift-crypto")]),
        // Files and http(s) URLs to bytes: the only user of the network.
        .target(name: "Loading", dependencies: ["GazetteCore", "CCurl"]),
        // Report kinds, one folder each: decode → compute → present, giving a typed model of
        // pages, charts, figures and summary lines. Pure: no templates, no output, no network.
        .target(
            name: "Reports",
            dependencies: [
                "GazetteCore", "ReportFacts", "Loading", "Graphics", "Charts", "CreditScore", "Workouts", "Racing",
                "Deterministic", "Localization", "JSONSupport"
            ]
        ),
        // Job files (the only user of Yams), the command line's ad-hoc jobs and the embedded demo;
        // each report's own keys are read by its kind's unit in Reports.
        .target(
            name: "Jobs",
            dependencies: [
                "GazetteCore", "ReportFacts", "Reports", "Workouts", "Deterministic", "Localization", "Email",
                .product(name: "Yams", package: "Yams")
            ]
        ),
        // The build: its steps, each report's run, the cache, shards and merge, report.eml's
        // composition, summaries, watch.
        .target(
            name: "SiteBuild",
            dependencies: [
                "GazetteCore", "Jobs", "Loading", "ReportFacts", "Reports", "Rendering", "SiteOutput", "Email",
                "Canvas", "ChartDrawing", "Charts", "Graphics", "Localization", "CMemory", "Deterministic",
                .product(name: "Crypto", package: "swift-crypto")
            ]
        ),
        // `gazette serve`'s HTTP side: the output folder on 127.0.0.1 and the live-reload socket.
        .target(
            name: "Preview",
            dependencies: [
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox")
            ]),
        .executableTarget(
            name: "gazette",
            dependencies: [
                "SiteBuild", "GazetteCore", "Jobs", "Loading", "Sending", "Reports", "Workouts", "Preview",
                "Localization", "Rendering", "Email", "ReportFacts",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log")
            ]
        ),
        // Release-mode benchmarks: `swift run -c release GazetteBench`.
        .executableTarget(
            name: "GazetteBench",
            dependencies: [
                "Workouts", "ChartDrawing", "Charts", "Canvas", "Reports", "Loading", "SiteBuild", "GazetteCore",
                "Jobs", "Rendering", "WorkoutsParseBench", "CMemory", "Deterministic", "SiteOutput",
                .product(name: "Mustache", package: "swift-mustache")
            ]),
        // Its parse half, linking Workouts alone so its memory figures are the parser's.
        .executableTarget(name: "WorkoutsParseBench", dependencies: ["Workouts"]),

        // What every test target may share, linking no build: sample data, fixtures, scratch
        // folders, one golden harness, running programs, reading messages back, a local HTTP server.
        // Reading a MIME message back, for the tests of Email and of everything that writes one.
        .target(name: "GazetteMIMETestSupport", path: "Tests/Support/MIME"),
        .target(
            name: "GazetteTestSupport", dependencies: ["Email", "GazetteMIMETestSupport"],
            path: "Tests/Support/Basics"),
        // Goldens of text, SVG and PNG (decoded by Canvas) and SVGs drawn to pixels, for the tests
        // of what draws; the other tests link no Cairo.
        .target(
            name: "GazettePictureTestSupport", dependencies: ["Canvas", "GazetteTestSupport"],
            path: "Tests/Support/Pictures"),
        // A report kind's content built by its unit alone, for the tests of Reports.
        .target(
            name: "GazetteKindTestSupport",
            dependencies: ["GazetteTestSupport", "ReportFacts", "Reports", "Loading", "GazetteCore"],
            path: "Tests/Support/Kinds"),
        // Whole builds, for the tests of the build and what it writes (a third of the test targets).
        .target(
            name: "GazetteBuildTestSupport",
            dependencies: [
                "GazetteTestSupport", "GazetteKindTestSupport", "SiteBuild", "Reports", "Jobs", "GazetteCore", "Racing"
            ],
            path: "Tests/Support/Builds"),
        .testTarget(
            name: "CanvasTests", dependencies: ["Canvas", "Graphics", "GazetteTestSupport", "GazettePictureTestSupport"]
        ),
        .testTarget(name: "PreviewTests", dependencies: ["Preview", .product(name: "FlyingFox", package: "FlyingFox")]),
        .testTarget(
            name: "ChartsTests",
            dependencies: [
                "Charts", "ChartDrawing", "Canvas", "Graphics", "Deterministic", "Localization", "GazetteTestSupport",
                "GazettePictureTestSupport"
            ],
            exclude: ["Goldens"]),
        .testTarget(name: "CreditScoreTests", dependencies: ["CreditScore", "GazetteTestSupport", "JSONSupport"]),
        .testTarget(name: "JSONSupportTests", dependencies: ["JSONSupport"]),
        .testTarget(name: "DeterministicTests", dependencies: ["Deterministic"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "Deterministic"]),
        .testTarget(name: "CatalogTests", dependencies: ["CatalogFormat"]),
        .testTarget(name: "WorkoutsTests", dependencies: ["Workouts", "Deterministic", "GazetteTestSupport"]),
        .testTarget(
            name: "RacingTests", dependencies: ["Racing", "Deterministic", "GazetteTestSupport", "JSONSupport"]),
        .testTarget(
            name: "SiteBuildTests",
            dependencies: [
                "SiteBuild", "Rendering", "SiteOutput", "Loading", "ReportFacts", "Reports", "Jobs", "GazetteCore",
                "Canvas",
                "Localization",
                "CreditScore", "Deterministic", "Racing", "Workouts", "GazetteTestSupport", "GazettePictureTestSupport",
                "GazetteKindTestSupport",
                "GazetteBuildTestSupport", "Email"
            ], exclude: ["Goldens"]),
        .testTarget(name: "GazetteCoreTests", dependencies: ["GazetteCore", "Deterministic"]),
        .testTarget(
            name: "RenderingTests",
            dependencies: [
                "Rendering", "ReportFacts", "Reports", "Jobs", "GazetteCore", "Localization", "SiteOutput",
                "GazetteTestSupport"
            ]),
        .testTarget(
            name: "SiteOutputTests",
            dependencies: ["SiteOutput", "ReportFacts", "GazetteCore", "GazetteTestSupport"]),
        .testTarget(name: "ReportFactsTests", dependencies: ["ReportFacts"]),
        .testTarget(name: "SendingTests", dependencies: ["Sending", "GazetteCore", "GazetteTestSupport"]),
        .testTarget(name: "LoadingTests", dependencies: ["Loading", "GazetteCore", "GazetteTestSupport"]),
        .testTarget(name: "EmailTests", dependencies: ["Email", "GazetteMIMETestSupport"]),
        .testTarget(
            name: "ReportsTests",
            dependencies: [
                "Rendering", "Loading", "ReportFacts", "Reports", "Jobs", "GazetteCore", "Charts", "CreditScore",
                "JSONSupport", "ChartDrawing", "Canvas", "Graphics",
                "Racing", "Workouts", "Deterministic", "Localization", "GazetteTestSupport",
                "GazettePictureTestSupport", "GazetteKindTestSupport"
            ]),
        .testTarget(
            name: "JobsTests",
            dependencies: [
                "ReportFacts", "Reports", "Jobs", "GazetteCore", "Workouts", "Localization", "GazetteTestSupport",
                "Deterministic"
            ]),
        // Tests that drive the built `gazette` binary, as a user does.
        .testTarget(
            name: "CommandLineTests",
            dependencies: [
                "SiteBuild", "Jobs", "GazetteCore", "GazetteTestSupport", "GazetteBuildTestSupport", "CatalogFormat",
                .product(name: "Crypto", package: "swift-crypto")
            ]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "SiteBuild", "GazetteCore", "Jobs", "Reports", "Rendering", "Localization", "Deterministic", "Graphics",
                "Racing", "Workouts", "GazetteTestSupport", "GazettePictureTestSupport", "GazetteKindTestSupport",
                "GazetteBuildTestSupport"
            ],
            exclude: ["Goldens"])
    ]
)
