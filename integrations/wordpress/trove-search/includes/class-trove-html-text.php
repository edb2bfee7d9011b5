<?php
/**
 * HTML to plain text by the rules `trove index` uses (no WordPress call).
 *
 * @package TroveSearch
 */

/**
 * The indexer's two html→text rules, ported: `article()` is src/cli/page/articleText.ts (the
 * html-to-text conversion of src/cli/feed/htmlToPlainText.ts with its options: no wrapping,
 * paragraphs apart by a blank line, list items prefixed, scripts, forms, share blocks and
 * `data-trove-ignore` elements dropped, emoji images by their alt), and `inline()` is
 * src/cli/feed/inlineHtmlToText.ts (a title or a name on one line). The block builder follows
 * html-to-text's BlockTextBuilder: a block's text joins its parent's with the larger of the
 * line breaks asked on either side.
 */
final class Trove_Html_Text {

	/** Text kept from one article (articleText.ts's MAX_TEXT). */
	const MAX_TEXT = 1000000;

	/** html-to-text's whitespace characters (no-break space is not one). */
	const SPACE = " \t\r\n\f\u{200b}";

	/** Elements whose content is not the post's text. */
	const SKIP = array( 'script', 'style', 'noscript', 'template', 'iframe', 'object', 'form', 'button', 'svg', 'hr', 'head', 'title' );

	/** Blocks of share buttons and sign-up boxes (htmlToPlainText.ts's shareBlockSelectors). */
	const SKIP_CLASSES = array( 'feedflare', 'sharedaddy', 'a2a_kit', 'addtoany_share_save_container', 'subscription-widget-wrap' );

	/** Block containers: line breaks before and after. */
	const BLOCKS = array(
		'p'          => array( 2, 2 ),
		'pre'        => array( 2, 2 ),
		'blockquote' => array( 2, 2 ),
		'table'      => array( 2, 2 ),
		'h1'         => array( 3, 2 ),
		'h2'         => array( 3, 2 ),
		'h3'         => array( 3, 2 ),
		'h4'         => array( 2, 2 ),
		'h5'         => array( 2, 2 ),
		'h6'         => array( 2, 2 ),
		'article'    => array( 1, 1 ),
		'aside'      => array( 1, 1 ),
		'div'        => array( 1, 1 ),
		'footer'     => array( 1, 1 ),
		'header'     => array( 1, 1 ),
		'main'       => array( 1, 1 ),
		'nav'        => array( 1, 1 ),
		'section'    => array( 1, 1 ),
	);

	/** The builder's stack: each item has text, inline lines, stashed line breaks. */
	private array $stack = array();

	/**
	 * An article body's plain text.
	 *
	 * @param string $html The body's HTML.
	 * @return string
	 */
	public static function article( string $html ): string {
		$document = self::parse( $html );
		$body     = $document ? $document->getElementsByTagName( 'body' )->item( 0 ) : null;
		if ( ! $body ) {
			return '';
		}
		$builder = new self();
		$builder->stack[] = self::item( 'block', 0 );
		$builder->walk( $body, 0 );
		$text = $builder->text( $builder->stack[0] );
		$text = preg_replace( "/[ \t\u{a0}]+\n/u", "\n", $text );
		$text = preg_replace( "/\n{3,}/", "\n\n", $text );
		$text = trim( $text );
		return mb_strlen( $text ) > self::MAX_TEXT ? mb_substr( $text, 0, self::MAX_TEXT ) : $text;
	}

	/**
	 * A one-line field as plain text (inlineHtmlToText.ts): tags removed, entities decoded,
	 * whitespace collapsed; null when nothing is left.
	 *
	 * @param string|null $value The HTML.
	 * @return string|null
	 */
	public static function inline( ?string $value ): ?string {
		if ( null === $value ) {
			return null;
		}
		$text = preg_replace( '/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/i', ' ', $value );
		$text = preg_replace( '/<!--[\s\S]*?-->/', '', $text );
		$text = preg_replace( '/<\/?(?:br|p|div|li|ul|ol|h[1-6]|tr|td|th|blockquote|hr)\b[^<>]*>/i', ' ', $text );
		$text = preg_replace( '/<\/?[a-z][a-z0-9:-]*(?:\s[^<>]*)?\/?>/i', '', $text );
		// Strict decoding: only entities closed by `;` (so "AT&T" stays as it is).
		$text = preg_replace_callback(
			'/&(#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/',
			static function ( $m ) {
				$decoded = html_entity_decode( $m[0], ENT_QUOTES | ENT_HTML5, 'UTF-8' );
				return $decoded;
			},
			$text
		);
		return self::clean( $text );
	}

	/**
	 * Whitespace runs collapsed, trimmed; null for nothing (buildDocument.ts's cleanText).
	 *
	 * @param string|null $value The text.
	 * @return string|null
	 */
	public static function clean( ?string $value ): ?string {
		if ( null === $value ) {
			return null;
		}
		$cleaned = preg_replace( '/[\s\x{a0}\x{feff}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}]+/u', ' ', $value );
		$cleaned = trim( null === $cleaned ? preg_replace( '/\s+/', ' ', $value ) : $cleaned, ' ' );
		return '' === $cleaned ? null : $cleaned;
	}

	/**
	 * The HTML as a DOM document (UTF-8), null when it cannot be read.
	 *
	 * @param string $html The HTML.
	 * @return DOMDocument|null
	 */
	private static function parse( string $html ): ?DOMDocument {
		if ( '' === trim( $html ) ) {
			return null;
		}
		$document = new DOMDocument();
		$previous = libxml_use_internal_errors( true );
		$loaded   = $document->loadHTML( '<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body>' . $html . '</body></html>', LIBXML_NONET | LIBXML_COMPACT );
		libxml_clear_errors();
		libxml_use_internal_errors( $previous );
		return $loaded ? $document : null;
	}

	/**
	 * A stack item.
	 *
	 * @param string $kind    block, list or item.
	 * @param int    $leading Line breaks asked before it.
	 * @return array
	 */
	private static function item( string $kind, int $leading ): array {
		return array(
			'kind'     => $kind,
			'raw'      => '',
			'lines'    => array(),
			'words'    => array(),
			'stashed'  => 0,
			'space'    => false,
			'leading'  => $leading,
			'pre'      => false,
			'prefix'   => '',
			'width'    => 0,
		);
	}

	/**
	 * Walks the children of a node.
	 *
	 * @param DOMNode $node  The node.
	 * @param int     $depth Nesting depth (bounded).
	 */
	private function walk( DOMNode $node, int $depth ): void {
		if ( $depth > 500 ) {
			return;
		}
		foreach ( $node->childNodes as $child ) {
			if ( $child instanceof DOMText ) {
				$this->add_inline( $child->data );
			} elseif ( $child instanceof DOMElement ) {
				$this->element( $child, $depth + 1 );
			}
		}
	}

	/**
	 * Formats one element.
	 *
	 * @param DOMElement $element The element.
	 * @param int        $depth   Nesting depth.
	 */
	private function element( DOMElement $element, int $depth ): void {
		$name = strtolower( $element->nodeName );
		if ( in_array( $name, self::SKIP, true ) || $element->hasAttribute( 'data-trove-ignore' ) ) {
			return;
		}
		$classes = preg_split( '/\s+/', (string) $element->getAttribute( 'class' ), -1, PREG_SPLIT_NO_EMPTY );
		if ( array_intersect( $classes, self::SKIP_CLASSES ) ) {
			return;
		}
		if ( 'br' === $name ) {
			$top = &$this->stack[ count( $this->stack ) - 1 ];
			if ( 'list' === $top['kind'] ) {
				return;
			}
			if ( $top['pre'] ) {
				$top['raw'] .= "\n";
			} else {
				$this->new_line( $top, 1 );
			}
			return;
		}
		if ( 'img' === $name ) {
			if ( preg_match( '/(?:^|\s)(?:wp-smiley|emoji)(?:\s|$)/', $element->getAttribute( 'class' ) ) && '' !== $element->getAttribute( 'alt' ) ) {
				$this->add_literal( $element->getAttribute( 'alt' ) );
			}
			return;
		}
		if ( 'ul' === $name || 'ol' === $name ) {
			$this->list( $element, $name, $depth );
			return;
		}
		if ( isset( self::BLOCKS[ $name ] ) ) {
			$this->open_block( self::BLOCKS[ $name ][0], 'pre' === $name );
			$this->walk( $element, $depth );
			$this->close_block( self::BLOCKS[ $name ][1], 'blockquote' === $name );
			return;
		}
		$this->walk( $element, $depth );
	}

	/**
	 * A list: one line per item, each prefixed (` * `, ` 1. `), continuation lines indented.
	 *
	 * @param DOMElement $element The list.
	 * @param string     $name    ul or ol.
	 * @param int        $depth   Nesting depth.
	 */
	private function list( DOMElement $element, string $name, int $depth ): void {
		$nested = $element->parentNode instanceof DOMElement && 'li' === strtolower( $element->parentNode->nodeName );
		$next   = (int) ( $element->getAttribute( 'start' ) ?: '1' );
		$type   = $element->getAttribute( 'type' );
		$items  = array();
		$width  = 0;
		foreach ( $element->childNodes as $child ) {
			if ( $child instanceof DOMText && '' === trim( $child->data, self::SPACE ) ) {
				continue;
			}
			if ( ! ( $child instanceof DOMElement || $child instanceof DOMText ) ) {
				continue;
			}
			$prefix = '';
			if ( $child instanceof DOMElement && 'li' === strtolower( $child->nodeName ) ) {
				$prefix = 'ul' === $name ? ' * ' : ' ' . self::marker( $next++, $type ) . '. ';
				if ( $nested ) {
					$prefix = ltrim( $prefix );
				}
				$width = max( $width, strlen( $prefix ) );
			}
			$items[] = array( $child, $prefix );
		}
		if ( ! $items ) {
			return;
		}
		$list          = self::item( 'list', $nested ? 1 : 2 );
		$list['width'] = $width;
		$this->stack[] = $list;
		foreach ( $items as [ $child, $prefix ] ) {
			$item           = self::item( 'item', 1 );
			$item['prefix'] = $prefix;
			$this->stack[]  = $item;
			if ( $child instanceof DOMText ) {
				$this->add_inline( $child->data );
			} else {
				$this->element_or_walk( $child, $depth );
			}
			$item        = array_pop( $this->stack );
			$list_item   = &$this->stack[ count( $this->stack ) - 1 ];
			$length      = max( strlen( $item['prefix'] ), $list_item['width'] );
			$text        = str_pad( $item['prefix'], $length ) . str_replace( "\n", "\n" . str_repeat( ' ', $length ), $this->text( $item ) );
			$this->add_text( $list_item, $text, $item['leading'], max( $item['stashed'], 1 ) );
			unset( $list_item );
		}
		$list = array_pop( $this->stack );
		$text = $this->text( $list );
		if ( '' !== $text ) {
			$parent = &$this->stack[ count( $this->stack ) - 1 ];
			$this->add_text( $parent, $text, $list['leading'], $nested ? 1 : 2 );
		}
	}

	/**
	 * An `li`'s content (its own tag is the item), any other child formatted as itself.
	 *
	 * @param DOMElement $child The child of a list.
	 * @param int        $depth Nesting depth.
	 */
	private function element_or_walk( DOMElement $child, int $depth ): void {
		if ( 'li' === strtolower( $child->nodeName ) ) {
			$this->walk( $child, $depth + 1 );
		} else {
			$this->element( $child, $depth + 1 );
		}
	}

	/**
	 * An ordered list's marker.
	 *
	 * @param int    $n    The number.
	 * @param string $type The list's type attribute.
	 * @return string
	 */
	private static function marker( int $n, string $type ): string {
		if ( 'a' === $type || 'A' === $type ) {
			$digits = '';
			do {
				--$n;
				$digits = chr( ord( $type ) + $n % 26 ) . $digits;
				$n      = intdiv( $n, 26 );
			} while ( $n > 0 );
			return $digits;
		}
		if ( 'i' === $type || 'I' === $type ) {
			$ones  = array( 'I', 'X', 'C', 'M' );
			$fives = array( 'V', 'L', 'D' );
			$out   = array();
			foreach ( array_reverse( str_split( (string) $n ) ) as $i => $digit ) {
				$v     = (int) $digit;
				$out[] = $v % 5 < 4 ? ( $v < 5 ? '' : $fives[ $i ] ) . str_repeat( $ones[ $i ], $v % 5 ) : $ones[ $i ] . ( $v < 5 ? $fives[ $i ] : $ones[ $i + 1 ] );
			}
			$roman = implode( '', array_reverse( $out ) );
			return 'i' === $type ? strtolower( $roman ) : $roman;
		}
		return (string) $n;
	}

	/**
	 * Opens a block.
	 *
	 * @param int  $leading Line breaks before it.
	 * @param bool $pre     Whitespace kept as it is.
	 */
	private function open_block( int $leading, bool $pre ): void {
		$parent        = end( $this->stack );
		$item          = self::item( 'block', $leading );
		$item['pre']   = $pre || $parent['pre'];
		$this->stack[] = $item;
	}

	/**
	 * Closes a block: its text joins its parent's.
	 *
	 * @param int  $trailing Line breaks after it.
	 * @param bool $quote    A blockquote (lines prefixed with `> `).
	 */
	private function close_block( int $trailing, bool $quote ): void {
		$block = array_pop( $this->stack );
		$text  = $this->text( $block );
		if ( $quote ) {
			$text = implode( "\n", array_map( static fn( $line ) => '> ' . $line, explode( "\n", trim( $text, "\n" ) ) ) );
		}
		$parent = &$this->stack[ count( $this->stack ) - 1 ];
		$this->add_text( $parent, $text, $block['leading'], max( $block['stashed'], $trailing ) );
	}

	/**
	 * html-to-text's addText.
	 *
	 * @param array  $item     The item written to.
	 * @param string $text     The text.
	 * @param int    $leading  Line breaks before.
	 * @param int    $trailing Line breaks after.
	 */
	private function add_text( array &$item, string $text, int $leading, int $trailing ): void {
		$parent_text    = $this->text( $item );
		$breaks         = max( $item['stashed'], $leading );
		$item['lines']  = array();
		$item['words']  = array();
		if ( '' !== $parent_text ) {
			$item['raw'] = $parent_text . str_repeat( "\n", $breaks ) . $text;
		} else {
			$item['raw']     = $text;
			$item['leading'] = $breaks;
		}
		$item['stashed'] = $trailing;
	}

	/**
	 * html-to-text's getText.
	 *
	 * @param array $item The item.
	 * @return string
	 */
	private function text( array $item ): string {
		if ( ! $item['lines'] && ! $item['words'] ) {
			return $item['raw'];
		}
		$lines   = $item['lines'];
		$lines[] = $item['words'];
		return $item['raw'] . implode( "\n", array_map( static fn( $words ) => implode( ' ', $words ), $lines ) );
	}

	/**
	 * Starts new lines in an item's inline text.
	 *
	 * @param array $item The item.
	 * @param int   $n    How many.
	 */
	private function new_line( array &$item, int $n ): void {
		$item['lines'][] = $item['words'];
		for ( $i = 1; $i < $n; $i++ ) {
			$item['lines'][] = array();
		}
		$item['words'] = array();
	}

	/**
	 * Adds a word, or glues it to the previous one.
	 *
	 * @param array  $item The item.
	 * @param string $word The word.
	 * @param bool   $glue Concatenate to the last word.
	 */
	private static function push_word( array &$item, string $word, bool $glue ): void {
		if ( $glue && $item['words'] ) {
			$item['words'][ count( $item['words'] ) - 1 ] .= $word;
		} else {
			$item['words'][] = $word;
		}
	}

	/**
	 * Adds text whose whitespace collapses (html-to-text's addInline with shrinkWrapAdd).
	 *
	 * @param string $text The text.
	 */
	private function add_inline( string $text ): void {
		$top = &$this->stack[ count( $this->stack ) - 1 ];
		if ( 'list' === $top['kind'] ) {
			return;
		}
		if ( $top['pre'] ) {
			$top['raw'] .= $text;
			return;
		}
		$words = preg_split( '/[ \t\r\n\f\x{200b}]+/u', $text, -1, PREG_SPLIT_NO_EMPTY );
		if ( '' === $text || ( $top['stashed'] && ! $words ) ) {
			return;
		}
		if ( $top['stashed'] ) {
			$this->new_line( $top, $top['stashed'] );
		}
		$stashed_space = $top['space'];
		foreach ( $words as $i => $word ) {
			$leading = 0 === $i && ( $stashed_space || preg_match( '/^[ \t\r\n\f\x{200b}]/u', $text ) );
			self::push_word( $top, $word, 0 === $i && ! $leading );
		}
		$top['space']   = ( $stashed_space && ! $words ) || (bool) preg_match( '/[ \t\r\n\f\x{200b}]$/u', $text );
		$top['stashed'] = 0;
	}

	/**
	 * Adds text as it is (html-to-text's addLiteral).
	 *
	 * @param string $text The text.
	 */
	private function add_literal( string $text ): void {
		$top = &$this->stack[ count( $this->stack ) - 1 ];
		if ( 'list' === $top['kind'] || '' === $text ) {
			return;
		}
		if ( $top['pre'] ) {
			$top['raw'] .= $text;
			return;
		}
		if ( $top['stashed'] ) {
			$this->new_line( $top, $top['stashed'] );
		}
		$stashed = $top['space'];
		$parts   = preg_split( '/(\n)/', $text, -1, PREG_SPLIT_DELIM_CAPTURE | PREG_SPLIT_NO_EMPTY );
		foreach ( $parts as $i => $part ) {
			if ( "\n" === $part ) {
				$this->new_line( $top, 1 );
			} else {
				self::push_word( $top, $part, 0 === $i && ! $stashed );
			}
		}
		$top['space']   = $stashed && ! $parts;
		$top['stashed'] = 0;
	}
}
