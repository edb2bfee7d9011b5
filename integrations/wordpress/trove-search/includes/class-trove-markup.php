<?php
/**
 * The plugin's elements as HTML (escaping only, no other WordPress call).
 *
 * @package TroveSearch
 */

/**
 * Writes `<trove-search-box>`, `<trove-search-results>` and `<trove-related-posts>` tags from
 * attributes, each attribute escaped; true is a boolean attribute, false/null/'' leave it out.
 * The attribute names are the elements' own (src/ui/*\/…Attributes.ts).
 */
final class Trove_Markup {

	/** The attributes each element takes from a block, a shortcode or a filter. */
	const ATTRIBUTES = array(
		'trove-search-box'     => array( 'placeholder', 'limit', 'filter', 'sort', 'results-url', 'query-param', 'min-chars', 'shortcut', 'value', 'handler', 'no-text-fragment', 'no-analytics' ),
		'trove-search-results' => array( 'limit', 'sort-options', 'facets', 'query-param', 'no-url-sync', 'no-text-fragment', 'handler', 'no-analytics' ),
		'trove-related-posts'  => array( 'doc-id', 'doc-title', 'doc-url', 'limit', 'filter', 'sort', 'heading', 'layout', 'eager', 'handler', 'no-analytics' ),
	);

	/**
	 * An element with its attributes and inner HTML (already safe HTML: the caller's).
	 *
	 * @param string $tag   One of the elements.
	 * @param array  $attrs Attribute name → value (unknown names are left out).
	 * @param string $inner Inner HTML (a fallback), already escaped by whoever made it.
	 * @return string
	 */
	public static function element( string $tag, array $attrs, string $inner = '' ): string {
		if ( ! isset( self::ATTRIBUTES[ $tag ] ) ) {
			return '';
		}
		$html = '<' . $tag;
		foreach ( self::ATTRIBUTES[ $tag ] as $name ) {
			if ( ! array_key_exists( $name, $attrs ) ) {
				continue;
			}
			$value = $attrs[ $name ];
			if ( true === $value ) {
				$html .= ' ' . $name;
			} elseif ( is_int( $value ) || ( is_string( $value ) && '' !== $value ) ) {
				$html .= ' ' . $name . '="' . esc_attr( (string) $value ) . '"';
			}
		}
		return $html . '>' . $inner . '</' . $tag . '>';
	}

	/**
	 * Block or shortcode attributes (snake_case or camelCase keys, any values) as element
	 * attributes: names mapped to kebab-case, numbers whole and positive, booleans true or left out.
	 *
	 * @param string $tag   One of the elements.
	 * @param array  $input The attributes as given.
	 * @return array
	 */
	public static function attributes( string $tag, array $input ): array {
		$out = array();
		foreach ( $input as $key => $value ) {
			if ( is_int( $key ) ) {
				// A shortcode's bare word (`[trove_related_posts eager]`) is a boolean attribute.
				$key   = (string) $value;
				$value = true;
			}
			$name = strtolower( preg_replace( '/([a-z])([A-Z])/', '$1-$2', str_replace( '_', '-', (string) $key ) ) );
			if ( ! in_array( $name, self::ATTRIBUTES[ $tag ] ?? array(), true ) ) {
				continue;
			}
			if ( in_array( $name, array( 'limit', 'min-chars' ), true ) ) {
				$number = is_numeric( $value ) ? (int) $value : 0;
				if ( $number > 0 ) {
					$out[ $name ] = $number;
				}
			} elseif ( in_array( $name, array( 'eager', 'no-url-sync', 'no-text-fragment', 'no-analytics' ), true ) ) {
				if ( true === $value || in_array( strtolower( (string) $value ), array( '1', 'true', 'yes', 'on' ), true ) ) {
					$out[ $name ] = true;
				}
			} elseif ( 'layout' === $name ) {
				if ( in_array( $value, array( 'list', 'grid' ), true ) ) {
					$out[ $name ] = $value;
				}
			} elseif ( is_scalar( $value ) && '' !== trim( (string) $value ) ) {
				$out[ $name ] = trim( (string) $value );
			}
		}
		return $out;
	}
}
