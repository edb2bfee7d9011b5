<?php
/**
 * The document-id rule of src/api/documentId.ts, ported to PHP (no WordPress call): a post's id
 * is the one `trove index <address>` and `<trove-related-posts>` give its permalink.
 *
 * @package TroveSearch
 */

/**
 * The one rule that turns a key (a whole number, an absolute http(s) address or any other
 * string) into the numeric id the service stores. Every step follows the TypeScript rule:
 * canonical form of the address (WHATWG URL parsing as far as permalinks need it), then two
 * 32-bit multiply-xor lanes over the UTF-16 code units (Math.imul arithmetic, done here on
 * unsigned 32-bit values inside PHP's 64-bit integers), 52 bits in all.
 */
final class Trove_Document_Id {

	/** Query parameters that only say where a reader came from (documentId.ts's `tracking`). */
	const TRACKING = '/^(utm_|_hs|\w*clk?id$|[gw]braid$|_g[al]$|mc_[ce]id$|mkt_tok$|igshid$|ref_?src$)/i';

	/** 2^53 − 1, the largest safe integer of JavaScript. */
	const MAX_SAFE = '9007199254740991';

	/**
	 * The document id of a key: a whole number as it is, an absolute http(s) URL by the hash of
	 * its canonical form, any other non-empty string by its own hash; null for nothing.
	 *
	 * @param string|int|null $key The key.
	 * @return int|null
	 */
	public static function of( $key ): ?int {
		if ( is_int( $key ) ) {
			return $key >= 0 && $key <= (int) self::MAX_SAFE ? $key : null;
		}
		if ( ! is_string( $key ) ) {
			return null;
		}
		$text = self::js_trim( $key );
		if ( '' === $text ) {
			return null;
		}
		if ( preg_match( '/^\d+$/', $text ) ) {
			$digits = ltrim( $text, '0' );
			if ( '' === $digits ) {
				return 0;
			}
			if ( strlen( $digits ) < strlen( self::MAX_SAFE ) || ( strlen( $digits ) === strlen( self::MAX_SAFE ) && strcmp( $digits, self::MAX_SAFE ) <= 0 ) ) {
				return (int) $digits;
			}
		}
		$canonical = self::canonical_url( $text );
		return self::hash52( null === $canonical ? $text : $canonical );
	}

	/**
	 * The 52-bit hash of a string (UTF-8 in PHP, hashed over its UTF-16 code units as JavaScript sees them).
	 *
	 * @param string $text The text.
	 * @return int 0 ≤ n < 2^52.
	 */
	public static function hash52( string $text ): int {
		$units = self::utf16_units( $text );
		$count = count( $units );
		$high  = self::lane( $units, ( 0x3b9aca07 ^ $count ) & 0xffffffff, 0x01000193 ) & 0xfffff;
		return ( $high << 32 ) | self::lane( $units, 0x2545f491, 0x5bd1e995 );
	}

	/**
	 * The canonical form of an absolute http(s) address (null for anything else): no scheme, the
	 * host in lower case without a leading `www.` and its default port, the path without a
	 * trailing slash, the query without tracking parameters and sorted, no fragment.
	 *
	 * @param string $address The address.
	 * @return string|null
	 */
	public static function canonical_url( string $address ): ?string {
		// WHATWG URL parsing: surrounding C0 controls and spaces trimmed, tabs and newlines removed.
		$input = preg_replace( '/^[\x00-\x20]+|[\x00-\x20]+$/', '', self::js_trim( $address ) );
		$input = str_replace( array( "\t", "\n", "\r" ), '', $input );
		if ( ! preg_match( '/^([a-zA-Z][a-zA-Z0-9+.\-]*):(.*)$/s', $input, $m ) ) {
			return null;
		}
		$scheme = strtolower( $m[1] );
		if ( 'http' !== $scheme && 'https' !== $scheme ) {
			return null;
		}
		$rest = ltrim( $m[2], '/\\' );
		$end  = strcspn( $rest, '/\\?#' );
		$auth = substr( $rest, 0, $end );
		$rest = substr( $rest, $end );
		$at   = strrpos( $auth, '@' );
		if ( false !== $at ) {
			$auth = substr( $auth, $at + 1 );
		}
		$host = self::host( $auth, $scheme );
		if ( null === $host ) {
			return null;
		}
		$hash = strpos( $rest, '#' );
		if ( false !== $hash ) {
			$rest = substr( $rest, 0, $hash );
		}
		$question = strpos( $rest, '?' );
		$path     = false === $question ? $rest : substr( $rest, 0, $question );
		$query    = false === $question ? '' : substr( $rest, $question + 1 );
		$path     = self::path( $path );
		$path     = preg_replace( '~(.)/+$~s', '$1', $path );
		$search   = self::search( $query );
		return '//' . preg_replace( '/^www\./', '', $host ) . $path . ( '' === $search ? '' : '?' . $search );
	}

	/**
	 * JavaScript's String#trim (ASCII and Unicode white space, the BOM and line terminators).
	 *
	 * @param string $text The text.
	 * @return string
	 */
	private static function js_trim( string $text ): string {
		$trimmed = preg_replace( '/^[\s\x{feff}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}]+|[\s\x{feff}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}]+$/u', '', $text );
		return null === $trimmed ? trim( $text ) : $trimmed;
	}

	/**
	 * The host (with a port that is not the scheme's default) as URL#host gives it, null when invalid.
	 *
	 * @param string $authority host[:port] without user info.
	 * @param string $scheme    http or https.
	 * @return string|null
	 */
	private static function host( string $authority, string $scheme ): ?string {
		if ( preg_match( '/^(\[[0-9a-fA-F:.]+\])(?::(\d*))?$/', $authority, $m ) ) {
			$name = strtolower( $m[1] );
			$port = $m[2] ?? '';
		} elseif ( preg_match( '/^([^:]*)(?::(\d*))?$/', $authority, $m ) ) {
			$name = rawurldecode( $m[1] );
			$port = $m[2] ?? '';
			if ( preg_match( '/[^\x00-\x7f]/', $name ) ) {
				if ( ! function_exists( 'idn_to_ascii' ) ) {
					return null;
				}
				$ascii = idn_to_ascii( $name, IDNA_NONTRANSITIONAL_TO_ASCII, INTL_IDNA_VARIANT_UTS46 );
				if ( false === $ascii ) {
					return null;
				}
				$name = $ascii;
			}
			$name = strtolower( $name );
			if ( '' === $name || preg_match( '/[\x00-\x20#%\/:<>?@\[\\\\\]^|\x7f]/', $name ) ) {
				return null;
			}
		} else {
			return null;
		}
		if ( '' !== $port ) {
			$number = (int) ltrim( $port, '0' );
			if ( strlen( ltrim( $port, '0' ) ) > 5 || $number > 65535 ) {
				return null;
			}
			$default = 'https' === $scheme ? 443 : 80;
			if ( $number !== $default ) {
				$name .= ':' . $number;
			}
		}
		return $name;
	}

	/**
	 * URL#pathname of a special URL: backslashes as slashes, dot segments resolved, the path
	 * percent-encode set encoded (existing escapes kept as they are).
	 *
	 * @param string $path The raw path.
	 * @return string
	 */
	private static function path( string $path ): string {
		$segments = explode( '/', str_replace( '\\', '/', $path ) );
		if ( '' === $segments[0] ) {
			array_shift( $segments );
		}
		$out  = array();
		$last = count( $segments ) - 1;
		foreach ( $segments as $i => $segment ) {
			$lower = strtolower( $segment );
			if ( '..' === $lower || '.%2e' === $lower || '%2e.' === $lower || '%2e%2e' === $lower ) {
				array_pop( $out );
				if ( $i === $last ) {
					$out[] = '';
				}
			} elseif ( '.' === $lower || '%2e' === $lower ) {
				if ( $i === $last ) {
					$out[] = '';
				}
			} else {
				$out[] = self::percent_encode( $segment, '/[\x00-\x20"#<>?`{}\x7f-\xff]/' );
			}
		}
		return '/' . implode( '/', $out );
	}

	/**
	 * Encodes each byte matched by a pattern of single bytes as %XX (upper case).
	 *
	 * @param string $text    The bytes.
	 * @param string $pattern A character class of bytes to encode.
	 * @return string
	 */
	private static function percent_encode( string $text, string $pattern ): string {
		return preg_replace_callback(
			$pattern,
			static fn( $m ) => '%' . strtoupper( bin2hex( $m[0] ) ),
			$text
		);
	}

	/**
	 * The query as `new URLSearchParams([...params].filter(not tracking).sort())` writes it.
	 *
	 * @param string $query The raw query (without `?`).
	 * @return string
	 */
	private static function search( string $query ): string {
		$pairs = array();
		foreach ( explode( '&', $query ) as $part ) {
			if ( '' === $part ) {
				continue;
			}
			$eq      = strpos( $part, '=' );
			$name    = self::form_decode( false === $eq ? $part : substr( $part, 0, $eq ) );
			$value   = false === $eq ? '' : self::form_decode( substr( $part, $eq + 1 ) );
			if ( preg_match( self::TRACKING, $name ) ) {
				continue;
			}
			$pairs[] = array( $name, $value, self::utf16_be( $name . ',' . $value ) );
		}
		// Array#sort() without a comparator: by the strings `name,value`, in UTF-16 code unit order.
		usort( $pairs, static fn( $a, $b ) => strcmp( $a[2], $b[2] ) );
		$parts = array();
		foreach ( $pairs as $pair ) {
			$parts[] = self::form_encode( $pair[0] ) . '=' . self::form_encode( $pair[1] );
		}
		return implode( '&', $parts );
	}

	/**
	 * application/x-www-form-urlencoded decoding: `+` is a space, escapes as UTF-8 (invalid → U+FFFD).
	 *
	 * @param string $text The encoded text.
	 * @return string
	 */
	private static function form_decode( string $text ): string {
		$decoded = urldecode( $text );
		return mb_check_encoding( $decoded, 'UTF-8' ) ? $decoded : mb_scrub( $decoded, 'UTF-8' );
	}

	/**
	 * application/x-www-form-urlencoded encoding as URLSearchParams writes it (`*-._` and alphanumerics kept, space as `+`).
	 *
	 * @param string $text The text (UTF-8).
	 * @return string
	 */
	private static function form_encode( string $text ): string {
		return str_replace( '%2A', '*', urlencode( $text ) );
	}

	/**
	 * The UTF-16 code units of a UTF-8 string.
	 *
	 * @param string $text The text.
	 * @return int[]
	 */
	private static function utf16_units( string $text ): array {
		if ( '' === $text ) {
			return array();
		}
		$bytes = mb_convert_encoding( $text, 'UTF-16LE', 'UTF-8' );
		return array_values( unpack( 'v*', $bytes ) );
	}

	/**
	 * A string in UTF-16BE, whose byte order is the order of its code units.
	 *
	 * @param string $text The text.
	 * @return string
	 */
	private static function utf16_be( string $text ): string {
		return '' === $text ? '' : mb_convert_encoding( $text, 'UTF-16BE', 'UTF-8' );
	}

	/**
	 * Math.imul of two unsigned 32-bit values, as an unsigned 32-bit value (no 64-bit overflow).
	 *
	 * @param int $a Unsigned 32-bit.
	 * @param int $b Unsigned 32-bit.
	 * @return int
	 */
	private static function imul( int $a, int $b ): int {
		$low  = ( $a & 0xffff ) * $b;
		$high = ( ( ( $a >> 16 ) & 0xffff ) * $b ) & 0xffff;
		return ( $low + ( $high << 16 ) ) & 0xffffffff;
	}

	/**
	 * A 32-bit lane: multiply-xor over the code units, then an avalanche.
	 *
	 * @param int[] $units  UTF-16 code units.
	 * @param int   $seed   Unsigned 32-bit seed.
	 * @param int   $factor Unsigned 32-bit factor.
	 * @return int Unsigned 32-bit.
	 */
	private static function lane( array $units, int $seed, int $factor ): int {
		$h = $seed;
		foreach ( $units as $unit ) {
			$h = self::imul( $h ^ $unit, $factor );
		}
		$h = self::imul( $h ^ ( $h >> 16 ), 0x7feb352d );
		$h = self::imul( $h ^ ( $h >> 15 ), 0x846ca68b );
		return ( $h ^ ( $h >> 16 ) ) & 0xffffffff;
	}
}
