// swift-tools-version:6.0
// libFuzzer harnesses for every parser of outside input. Built by `Fuzz/run.sh`, which compiles
// Gazette's modules with AddressSanitizer and coverage instrumentation and links this one
// executable with libFuzzer (`-sanitize=fuzzer,address`); it is not part of the main build.
import PackageDescription

let package = Package(
    name: "GazetteFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Gazette", path: "..")],
    targets: [
        .executableTarget(
            name: "GazetteFuzz",
            dependencies: [.product(name: "GazetteParsers", package: "Gazette")],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]
        )
    ]
)
