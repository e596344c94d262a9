import Testing

@testable import CiteFeedPicture

@Suite struct EInkDitherTests {
    @Test func onlySixteenLevelsRemainAndTheToneIsKept() {
        let (width, height) = (64, 64)
        // A ramp from black to white across the width.
        var gray = (0..<(width * height)).map { UInt8(($0 % width) * 255 / (width - 1)) }
        let before = gray.map(Int.init).reduce(0, +)
        EInkDither.dither(&gray, width: width, height: height)
        #expect(Set(gray).isSubset(of: Set(stride(from: 0, through: 255, by: 17).map(UInt8.init))))
        #expect(Set(gray).count >= 14, "a ramp uses the levels: \(Set(gray).sorted())")
        let after = gray.map(Int.init).reduce(0, +)
        #expect(abs(after - before) < width * height * 2, "the mean tone moves by less than 2 levels of 255")
    }

    @Test func levelsOnTheScaleStayExactly() {
        for level in stride(from: 0, through: 255, by: 17) {
            var gray = [UInt8](repeating: UInt8(level), count: 100)
            EInkDither.dither(&gray, width: 10, height: 10)
            #expect(gray.allSatisfy { $0 == UInt8(level) })
        }
    }

    @Test func aGrayBetweenLevelsBecomesAMixOfTheTwoAroundIt() {
        var gray = [UInt8](repeating: 25, count: 400)
        EInkDither.dither(&gray, width: 20, height: 20)
        #expect(Set(gray) == [17, 34])
        let mean = Double(gray.map(Int.init).reduce(0, +)) / 400
        #expect(abs(mean - 25) < 1)
    }

    @Test func grayWeighsTheChannelsAndKeepsWhiteAndBlack() {
        #expect(EInkDither.gray(0x00FF_FFFF) == 255)
        #expect(EInkDither.gray(0x0000_0000) == 0)
        #expect(EInkDither.gray(0x0000_FF00) > EInkDither.gray(0x00FF_0000))
        #expect(EInkDither.gray(0x00FF_0000) > EInkDither.gray(0x0000_00FF))
    }
}
