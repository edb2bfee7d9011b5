<?php
/**
 * A post as the document `trove index <address>` makes of it (no WordPress call).
 *
 * @package TroveSearch
 */

/**
 * The fields of src/cli/sources/mapWordPressPost.ts, from what WordPress's REST API would say of
 * the post: the permalink as `url` (its id by the document-id rule), the rendered title and the
 * names decoded to text, the rendered content by the article rule, the featured image, the
 * categories, tags and author by name, and the GMT date in ISO 8601 as readDate writes it.
 */
final class Trove_Document {

	/**
	 * The document, or null when there is nothing to index (no address, no title and no content).
	 *
	 * @param array $post {
	 *     @type string   $permalink     The post's address.
	 *     @type string   $title_html    The rendered title (`the_title`).
	 *     @type string   $content_html  The rendered content (`the_content`).
	 *     @type string   $image         The featured image's full URL, or ''.
	 *     @type string[] $categories    Category names (as stored: HTML-escaped).
	 *     @type string[] $tags          Tag names.
	 *     @type string[] $authors       Author display names.
	 *     @type string   $date_gmt      `post_date_gmt` (Y-m-d H:i:s).
	 * }
	 * @return array|null
	 */
	public static function build( array $post ): ?array {
		$url = self::safe_url( $post['permalink'] ?? '' );
		$id  = null === $url ? null : Trove_Document_Id::of( $url );
		if ( null === $id ) {
			return null;
		}
		$title   = Trove_Html_Text::inline( $post['title_html'] ?? null );
		$content = Trove_Html_Text::article( (string) ( $post['content_html'] ?? '' ) );
		if ( null === $title && '' === $content ) {
			return null;
		}
		$document = array( 'id' => $id );
		if ( null !== $title ) {
			$document['title'] = $title;
		}
		if ( '' !== $content ) {
			$document['content'] = $content;
		}
		$document['url'] = $url;
		$image           = self::safe_url( $post['image'] ?? '' );
		if ( null !== $image ) {
			$document['image'] = $image;
		}
		foreach ( array( 'tags' => 'tags', 'category' => 'categories', 'author' => 'authors' ) as $field => $key ) {
			$values = self::distinct( $post[ $key ] ?? array() );
			if ( $values ) {
				$document[ $field ] = $values;
			}
		}
		$date = self::date( (string) ( $post['date_gmt'] ?? '' ) );
		if ( null !== $date ) {
			$document['date'] = $date;
		}
		return $document;
	}

	/**
	 * An http(s) address, or null (toSafeUrl.ts: no other scheme, no control characters).
	 *
	 * @param mixed $value The address.
	 * @return string|null
	 */
	public static function safe_url( $value ): ?string {
		if ( ! is_string( $value ) ) {
			return null;
		}
		$trimmed = trim( $value );
		if ( '' === $trimmed || preg_match( '/[\x00-\x1f\x7f]/', $trimmed ) || ! preg_match( '~^https?://[^/?#\s]+~i', $trimmed ) ) {
			return null;
		}
		// URL#href: the scheme and host in lower case, a bare host with its `/`, spaces and non-ASCII escaped.
		$trimmed = preg_replace_callback( '~^(https?)://([^/?#]+)~i', static fn( $m ) => strtolower( $m[1] ) . '://' . strtolower( $m[2] ), $trimmed );
		if ( preg_match( '~^https?://[^/?#]+$~', $trimmed ) ) {
			$trimmed .= '/';
		}
		return preg_replace_callback( '/[\x20"<>`\x80-\xff]/', static fn( $m ) => '%' . strtoupper( bin2hex( $m[0] ) ), $trimmed );
	}

	/**
	 * WordPress's GMT time as readDate writes it (`2024-10-23T00:18:07.000Z`), null when unset.
	 *
	 * @param string $date_gmt `Y-m-d H:i:s`.
	 * @return string|null
	 */
	public static function date( string $date_gmt ): ?string {
		if ( ! preg_match( '/^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/', trim( $date_gmt ), $m ) || '0000' === $m[1] ) {
			return null;
		}
		if ( ! checkdate( (int) $m[2], (int) $m[3], (int) $m[1] ) || (int) $m[4] > 23 || (int) $m[5] > 59 || (int) $m[6] > 60 ) {
			return null;
		}
		// A leap second is kept in its minute, as readDate does.
		return sprintf( '%s-%s-%sT%s:%s:%02d.000Z', $m[1], $m[2], $m[3], $m[4], $m[5], min( 59, (int) $m[6] ) );
	}

	/**
	 * Names as text, whitespace collapsed, empty and repeated ones left out, in their first order.
	 *
	 * @param array $values Names (HTML allowed).
	 * @return string[]
	 */
	private static function distinct( array $values ): array {
		$seen = array();
		foreach ( $values as $value ) {
			$text = is_string( $value ) ? Trove_Html_Text::inline( $value ) : null;
			if ( null !== $text && ! in_array( $text, $seen, true ) ) {
				$seen[] = $text;
			}
		}
		return $seen;
	}
}
