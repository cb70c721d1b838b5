// libFuzzer target: see `FuzzEntryPoints.rules` in Sources/MapLangFuzzing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzEntryPoints.rules(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
