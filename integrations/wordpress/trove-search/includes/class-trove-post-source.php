<?php
/**
 * Which posts are indexed, and the document of a post as WordPress renders it.
 *
 * @package TroveSearch
 */

/**
 * Reads a post the way WordPress's REST API shows it to `trove index <address>`: the title
 * through `the_title`, the content through `the_content` (without the plugin's own related posts),
 * the featured image's full URL, the categories, tags and author's display name, the GMT date.
 */
final class Trove_Post_Source {

	/** The post meta holding the id the post was last indexed under (its permalink may change since). */
	const META_ID = '_trove_search_doc_id';

	/** True while a post is rendered for the index (the front end adds nothing then). */
	public static bool $rendering = false;

	/**
	 * The post types indexed: `post` by default (filter `trove_search_post_types`), each public
	 * and not excluded from search.
	 *
	 * @return string[]
	 */
	public static function post_types(): array {
		$types = (array) apply_filters( 'trove_search_post_types', array( 'post' ) );
		return array_values(
			array_filter(
				$types,
				static function ( $type ) {
					$object = is_string( $type ) ? get_post_type_object( $type ) : null;
					return $object && $object->public && ! $object->exclude_from_search;
				}
			)
		);
	}

	/**
	 * Whether a post belongs in the index: published (not a draft, private, scheduled or pending
	 * post), without a password, of an indexed type (filter `trove_search_should_index`).
	 *
	 * @param WP_Post|null $post The post.
	 * @return bool
	 */
	public static function is_indexable( $post ): bool {
		$indexable = $post instanceof WP_Post
			&& 'publish' === $post->post_status
			&& '' === (string) $post->post_password
			&& in_array( $post->post_type, self::post_types(), true );
		return (bool) apply_filters( 'trove_search_should_index', $indexable, $post );
	}

	/**
	 * The document of a post (filter `trove_search_document`), null when there is nothing to index.
	 *
	 * @param WP_Post $post The post.
	 * @return array|null
	 */
	public static function document( WP_Post $post ): ?array {
		$fields   = self::fields( $post );
		$document = Trove_Document::build( $fields );
		return apply_filters( 'trove_search_document', $document, $post, $fields );
	}

	/**
	 * The ids a post may be indexed under: the one recorded when the plugin indexed it, and, for
	 * a post that was published, the id of its public address (so a post indexed by
	 * `trove index <address>` before the plugin was installed is removed too).
	 *
	 * @param WP_Post|int $post          The post.
	 * @param bool        $was_published Whether the post was published until this change.
	 * @return int[]
	 */
	public static function known_ids( $post, bool $was_published = false ): array {
		$post_id = $post instanceof WP_Post ? $post->ID : (int) $post;
		$ids     = array();
		$stored  = get_post_meta( $post_id, self::META_ID, true );
		if ( is_numeric( $stored ) ) {
			$ids[] = (int) $stored;
		}
		$post = $post instanceof WP_Post ? $post : get_post( $post_id );
		if ( $was_published && $post instanceof WP_Post && in_array( $post->post_type, self::post_types(), true ) ) {
			$public = self::public_id( $post );
			if ( null !== $public ) {
				$ids[] = $public;
			}
		}
		return array_values( array_unique( $ids ) );
	}

	/**
	 * The id of the address a post has when published (a trashed post's slug without `__trashed`).
	 *
	 * @param WP_Post $post The post.
	 * @return int|null
	 */
	private static function public_id( WP_Post $post ): ?int {
		$public              = clone $post;
		$public->post_status = 'publish';
		if ( str_ends_with( (string) $public->post_name, '__trashed' ) ) {
			$desired           = get_post_meta( $post->ID, '_wp_desired_post_slug', true );
			$public->post_name = is_string( $desired ) && '' !== $desired ? $desired : substr( $public->post_name, 0, -strlen( '__trashed' ) );
		}
		if ( '' === (string) $public->post_name ) {
			return null;
		}
		$url = Trove_Document::safe_url( get_permalink( $public ) );
		return null === $url ? null : Trove_Document_Id::of( $url );
	}

	/**
	 * What the REST API would say of a post, as Trove_Document::build reads it.
	 *
	 * @param WP_Post $post The post.
	 * @return array
	 */
	public static function fields( WP_Post $post ): array {
		global $wp_query;
		$previous_post = $GLOBALS['post'] ?? null;
		// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the REST API renders a post the same way.
		$GLOBALS['post'] = $post;
		setup_postdata( $post );
		self::$rendering = true;
		try {
			$title   = get_the_title( $post );
			$content = apply_filters( 'the_content', $post->post_content );
		} finally {
			self::$rendering = false;
			// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- restored.
			$GLOBALS['post'] = $previous_post;
			if ( $previous_post instanceof WP_Post ) {
				setup_postdata( $previous_post );
			} elseif ( $wp_query instanceof WP_Query ) {
				$wp_query->reset_postdata();
			}
		}
		$image     = '';
		$thumbnail = get_post_thumbnail_id( $post );
		if ( $thumbnail ) {
			$image = (string) wp_get_attachment_url( $thumbnail );
		}
		$names  = static function ( $terms ) {
			return is_array( $terms ) ? array_map( static fn( $term ) => $term->name, $terms ) : array();
		};
		$author = get_userdata( (int) $post->post_author );
		return array(
			'permalink'    => (string) get_permalink( $post ),
			'title_html'   => (string) $title,
			'content_html' => (string) $content,
			'image'        => $image,
			'categories'   => $names( get_the_terms( $post, 'category' ) ),
			'tags'         => $names( get_the_terms( $post, 'post_tag' ) ),
			'authors'      => $author ? array( (string) $author->display_name ) : array(),
			'date_gmt'     => (string) $post->post_date_gmt,
		);
	}
}
