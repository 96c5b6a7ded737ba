import Foundation

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// `GazetteFuzz HARNESS [libFuzzer options] [corpus folders]`: runs one harness under libFuzzer.
@main
struct GazetteFuzz {
    static func main() {
        var arguments = CommandLine.arguments
        guard arguments.count >= 2, let harness = Harness(rawValue: arguments[1]) else {
            FileHandle.standardError.write(
                Data(
                    "usage: GazetteFuzz <\(Harness.allCases.map(\.rawValue).joined(separator: "|"))> [libFuzzer options] [corpus]\n"
                        .utf8))
            exit(64)
        }
        Harness.selected = harness
        harness.prepare()
        arguments.remove(at: 1)
        var argc = Int32(arguments.count)
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        pointers.withUnsafeMutableBufferPointer { buffer in
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
            exit(
                LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                    Harness.selected.run(Data(bytes: data ?? UnsafePointer(bitPattern: 1)!, count: size))
                    return 0
                })
        }
    }
}
