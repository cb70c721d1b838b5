// libFuzzer target: the JSON reader on arbitrary bytes, whole documents
// and element by element, plus writing back what it read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let value = try? JSONReader.parse(bytes) {
        let written = JSONWriter.serialize(value.mappedValue)
        guard let again = try? JSONReader.parse(written), again.mappedValue == value.mappedValue else {
            fatalError("written JSON does not read back to the same value")
        }
    }
    var reader = JSONReader(bytes: bytes)
    _ = try? reader.readDocument { _, _ in }
    return 0
}
