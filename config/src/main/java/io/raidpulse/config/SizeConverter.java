package io.raidpulse.config;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Sizes on the command line as operators write them:
 * memory and request sizes binary ({@link Binary}: {@code 64G} = 64 GiB), disk sizes decimal
 * ({@link Decimal}: {@code 16T} = 16 x 10^12, as on the label) unless written with {@code i}.
 * A bare number is bytes.
 */
public final class SizeConverter {
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgtp]?)(i?)b?", Pattern.CASE_INSENSITIVE);

    private SizeConverter() {
    }

    static long parse(String value, boolean binaryByDefault) {
        Matcher m = SIZE.matcher(value.trim());
        if (!m.matches()) {
            throw new TypeConversionException("'" + value + "' is not a size (like 4k, 64G, 16T, 16TiB)");
        }
        int power = "kmgtp".indexOf(m.group(2).toLowerCase(Locale.ROOT)) + 1;
        boolean binary = binaryByDefault || !m.group(3).isEmpty();
        long bytes = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(binary ? 1024 : 1000).pow(power)).longValue();
        if (bytes <= 0) {
            throw new TypeConversionException("'" + value + "' is not a positive size");
        }
        return bytes;
    }

    /** Memory and request sizes: every prefix binary. */
    public static final class Binary implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return parse(value, true);
        }
    }

    /** Disk sizes: decimal prefixes, binary with {@code i}. */
    public static final class Decimal implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return parse(value, false);
        }
    }
}
