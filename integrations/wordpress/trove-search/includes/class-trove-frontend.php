<?php
/**
 * The widgets on every theme, with no template edit.
 *
 * @package TroveSearch
 */

/**
 * Loads the plugin's own copy of the widgets (deferred, the public settings as the script's data
 * attributes, a preconnect to the service) and puts the elements where the theme has its own:
 * the theme's search forms become boxes (their form kept inside as the no-JS fallback), the
 * search page's list becomes the results (WordPress's list kept inside), related posts follow a
 * post's content, and a header without search gets a box. Every choice goes through a filter.
 */
final class Trove_Frontend {

	/** The script handle. */
	const HANDLE = 'trove-search';

	/** Whether the results element was opened around the main loop (classic themes). */
	private bool $results_open = false;

	/** Whether the header box was printed. */
	private bool $header_box_done = false;

	/** Whether related posts were added to this request's post. */
	private bool $related_done = false;

	/**
	 * Registers the hooks.
	 */
	public function register(): void {
		add_action( 'wp_enqueue_scripts', array( $this, 'enqueue' ) );
		add_filter( 'script_loader_tag', array( $this, 'script_tag' ), 10, 2 );
		add_action( 'wp_head', array( $this, 'preconnect' ), 1 );
		add_filter( 'render_block', array( $this, 'render_block' ), 10, 2 );
		add_filter( 'get_search_form', array( $this, 'search_form' ), 20 );
		add_action( 'loop_start', array( $this, 'loop_start' ) );
		add_action( 'loop_end', array( $this, 'loop_end' ) );
		add_action( 'get_template_part_template-parts/content/content-none', array( $this, 'no_results' ) );
		add_filter( 'the_content', array( $this, 'related_posts' ), 20 );
		add_filter( 'wp_nav_menu_items', array( $this, 'menu_box' ), 20, 2 );
		add_action( 'get_template_part_template-parts/header/site-nav', array( $this, 'classic_header_box' ) );
	}

	/**
	 * Whether the front end is on (configured, not in the admin, not a feed; filter `trove_search_frontend_enabled`).
	 *
	 * @return bool
	 */
	private function active(): bool {
		$active = Trove_Settings::is_configured() && ! is_admin() && ! is_feed() && ! ( defined( 'REST_REQUEST' ) && REST_REQUEST ) && ! Trove_Post_Source::$rendering;
		return (bool) apply_filters( 'trove_search_frontend_enabled', $active );
	}

	/**
	 * Enqueues the loader, deferred, in the head, and the plugin's small stylesheet (assets/trove-search.css).
	 */
	public function enqueue(): void {
		if ( ! $this->active() ) {
			return;
		}
		$args = array(
			'in_footer' => false,
			'strategy'  => 'defer',
		);
		// WordPress < 6.3 takes a boolean here and no strategy: `defer` is then added by script_tag().
		wp_register_script( self::HANDLE, plugins_url( 'assets/trove.js', TROVE_SEARCH_FILE ), array(), TROVE_SEARCH_VERSION, version_compare( get_bloginfo( 'version' ), '6.3', '>=' ) ? $args : false );
		wp_enqueue_script( self::HANDLE );
		wp_enqueue_style( self::HANDLE, plugins_url( 'assets/trove-search.css', TROVE_SEARCH_FILE ), array(), TROVE_SEARCH_VERSION );
	}

	/**
	 * The loader's tag: `defer` and the public settings as data attributes (never the write token).
	 *
	 * @param string $tag    The tag.
	 * @param string $handle The handle.
	 * @return string
	 */
	public function script_tag( $tag, $handle ): string {
		if ( self::HANDLE !== $handle || ! is_string( $tag ) ) {
			return (string) $tag;
		}
		$settings = Trove_Settings::public_settings();
		$data     = apply_filters(
			'trove_search_script_data',
			array(
				'base-url'   => $settings['base_url'],
				'project'    => $settings['project'],
				'collection' => $settings['collection'],
				'token'      => $settings['token'],
			)
		);
		$attributes = '';
		foreach ( (array) $data as $name => $value ) {
			if ( is_string( $name ) && preg_match( '/^[a-z][a-z0-9-]*$/', $name ) && is_scalar( $value ) && '' !== (string) $value ) {
				$attributes .= ' data-' . $name . '="' . esc_attr( (string) $value ) . '"';
			}
		}
		if ( ! preg_match( '/\sdefer[\s>=]/', $tag ) ) {
			$attributes .= ' defer';
		}
		return preg_replace( '/<script\b/', '<script' . $attributes, $tag, 1 );
	}

	/**
	 * A preconnect to the service, early in the head. Printed here rather than through
	 * `wp_resource_hints`, which drops the port of the address (`trove serve` listens on 8787).
	 */
	public function preconnect(): void {
		if ( ! $this->active() ) {
			return;
		}
		$parts = wp_parse_url( (string) Trove_Settings::get( 'base_url' ) );
		if ( empty( $parts['scheme'] ) || empty( $parts['host'] ) || ! in_array( strtolower( $parts['scheme'] ), array( 'http', 'https' ), true ) ) {
			return;
		}
		$origin = strtolower( $parts['scheme'] ) . '://' . $parts['host'] . ( isset( $parts['port'] ) ? ':' . (int) $parts['port'] : '' );
		if ( apply_filters( 'trove_search_preconnect', true, $origin ) ) {
			echo '<link rel="preconnect" href="' . esc_url( $origin ) . '" crossorigin>' . "\n";
		}
	}

	/**
	 * A default text for an element: the site's translation of it, or '' (no attribute) where the
	 * plugin has none, so that the element picks its own text in the page's language, not English.
	 *
	 * @param string $translated The text through `__()`.
	 * @param string $english    The same text untranslated.
	 * @return string
	 */
	public static function catalogued( string $translated, string $english ): string {
		return $translated === $english ? '' : $translated;
	}

	/**
	 * A search box around a form (the theme's form kept inside as the fallback).
	 *
	 * @param string $form        The form's HTML.
	 * @param string $placeholder The placeholder, or '' for the default.
	 * @param string $context     Where: block, form, header, shortcode.
	 * @return string
	 */
	public function box( string $form, string $placeholder = '', string $context = 'form' ): string {
		$attrs = array(
			'results-url' => home_url( '/' ),
			'query-param' => 's',
			'placeholder' => '' !== $placeholder ? $placeholder : self::catalogued( __( 'Search…', 'trove-search' ), 'Search…' ),
			// On the search page the box shows the query as its initial text (not as typed: no suggestions pop up).
			'value'       => get_search_query( false ),
		);
		$attrs = (array) apply_filters( 'trove_search_box_attributes', $attrs, $context );
		$html  = Trove_Markup::element( 'trove-search-box', Trove_Markup::attributes( 'trove-search-box', $attrs ), $form );
		return (string) apply_filters( 'trove_search_box_html', $html, $form, $context );
	}

	/**
	 * A plain search form to WordPress's search page (the box's fallback where the theme has none).
	 *
	 * @param string $placeholder The field's placeholder ('' for the default).
	 * @return string
	 */
	public static function fallback_form( string $placeholder = '' ): string {
		$label       = __( 'Search', 'trove-search' );
		$placeholder = '' !== $placeholder ? $placeholder : __( 'Search…', 'trove-search' );
		return '<form role="search" method="get" action="' . esc_url( home_url( '/' ) ) . '"><input type="search" name="s" aria-label="' . esc_attr( $label ) . '" placeholder="' . esc_attr( $placeholder ) . '" value="' . esc_attr( get_search_query( false ) ) . '"></form>';
	}

	/**
	 * Blocks: the search block becomes a box; a header without search gets one after its
	 * navigation; the search template's query block becomes the results.
	 *
	 * @param string $html  The block's HTML.
	 * @param array  $block The block.
	 * @return string
	 */
	public function render_block( $html, $block ): string {
		$html = (string) $html;
		$name = $block['blockName'] ?? '';
		if ( '' === $html || ! $this->active() || ! in_array( $name, array( 'core/search', 'core/template-part', 'core/query' ), true ) ) {
			return $html;
		}
		$replace = Trove_Settings::enabled( 'replace_search' );
		if ( 'core/search' === $name && $replace && apply_filters( 'trove_search_replace_search_block', true, $block ) && false === strpos( $html, '<trove-search-box' ) ) {
			return $this->box( $html, (string) ( $block['attrs']['placeholder'] ?? '' ), 'block' );
		}
		if ( 'core/template-part' === $name ) {
			$attrs     = $block['attrs'] ?? array();
			$is_header = 'header' === ( $attrs['slug'] ?? '' ) || 'header' === ( $attrs['area'] ?? '' ) || 'header' === ( $attrs['tagName'] ?? '' );
			if ( $is_header && ! $this->header_box_done && $this->wants_header_box( $html ) ) {
				$this->header_box_done = true;
				return self::insert_after_navigation( $html, '<div class="trove-search-header">' . $this->box( self::fallback_form(), '', 'header' ) . '</div>' );
			}
			return $html;
		}
		if ( 'core/query' === $name && $replace && ! empty( $block['attrs']['query']['inherit'] ) && is_search() && $this->wants_results() && false === strpos( $html, '<trove-search-results' ) ) {
			return $this->results( $html );
		}
		return $html;
	}

	/**
	 * Whether a header gets a box: the option is on and it has no search of its own (filter `trove_search_header_box`).
	 *
	 * @param string $html The header's HTML.
	 * @return bool
	 */
	private function wants_header_box( string $html ): bool {
		$has_search = false !== strpos( $html, '<trove-search-box' ) || false !== strpos( $html, 'wp-block-search' ) || preg_match( '/<input[^>]+name=["\']s["\']/', $html );
		return (bool) apply_filters( 'trove_search_header_box', Trove_Settings::enabled( 'header_box' ) && ! $has_search, $html );
	}

	/**
	 * Inserts HTML after a header's navigation block (else at the end of the header).
	 *
	 * @param string $html   The header.
	 * @param string $insert What to insert.
	 * @return string
	 */
	public static function insert_after_navigation( string $html, string $insert ): string {
		if ( preg_match( '/<nav\b[^>]*class="[^"]*wp-block-navigation/', $html, $m, PREG_OFFSET_CAPTURE ) ) {
			$depth = 0;
			$pos   = $m[0][1];
			while ( preg_match( '~<(/?)nav\b[^>]*>~i', $html, $tag, PREG_OFFSET_CAPTURE, $pos ) ) {
				$depth += '/' === $tag[1][0] ? -1 : 1;
				$pos    = $tag[0][1] + strlen( $tag[0][0] );
				if ( 0 === $depth ) {
					return substr( $html, 0, $pos ) . $insert . substr( $html, $pos );
				}
			}
		}
		$end = strrpos( $html, '</' );
		return false === $end ? $html . $insert : substr( $html, 0, $end ) . $insert . substr( $html, $end );
	}

	/**
	 * `get_search_form()`: the theme's form (or a search widget's) inside a box.
	 *
	 * @param string $form The form.
	 * @return string
	 */
	public function search_form( $form ): string {
		$form = (string) $form;
		if ( '' === $form || ! $this->active() || ! Trove_Settings::enabled( 'replace_search' ) || false !== strpos( $form, '<trove-search-box' ) || ! apply_filters( 'trove_search_replace_search_form', true, $form ) ) {
			return $form;
		}
		return $this->box( $form, '', 'form' );
	}

	/**
	 * Whether the search page shows Trove's results (filter `trove_search_replace_results`).
	 *
	 * @return bool
	 */
	private function wants_results(): bool {
		return (bool) apply_filters( 'trove_search_replace_results', $this->active() && Trove_Settings::enabled( 'replace_search' ) );
	}

	/**
	 * The results element's opening tag.
	 *
	 * @return string
	 */
	private function results_open_tag(): string {
		$attrs = (array) apply_filters( 'trove_search_results_attributes', array( 'query-param' => 's' ) );
		$html  = Trove_Markup::element( 'trove-search-results', Trove_Markup::attributes( 'trove-search-results', $attrs ) );
		return substr( $html, 0, -strlen( '</trove-search-results>' ) );
	}

	/**
	 * The results around WordPress's own list (its no-JS fallback).
	 *
	 * @param string $fallback WordPress's list.
	 * @return string
	 */
	public function results( string $fallback ): string {
		return $this->results_open_tag() . $fallback . '</trove-search-results>';
	}

	/**
	 * Classic themes: the opening of the column the results stand in. A classic theme's search loop
	 * prints its posts straight into its main element, each post laying out its own column; the
	 * results element stands in the column the theme gives a post's content (`entry-content`, the
	 * class classic themes style as that column; filter `trove_search_results_column_class`).
	 *
	 * @return string
	 */
	private function column_open_tag(): string {
		$class = (string) apply_filters( 'trove_search_results_column_class', 'entry-content trove-search-results-column' );
		return '' === $class ? '<div>' : '<div class="' . esc_attr( $class ) . '">';
	}

	/**
	 * Classic themes: the main search loop starts inside the results element.
	 *
	 * @param WP_Query $query The query.
	 */
	public function loop_start( $query ): void {
		if ( $this->results_open || ! $query instanceof WP_Query || ! $query->is_main_query() || ! $query->is_search() || wp_is_block_theme() || ! $this->wants_results() ) {
			return;
		}
		$this->results_open = true;
		echo $this->column_open_tag() . $this->results_open_tag(); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built escaped by Trove_Markup.
	}

	/**
	 * Classic themes: the main search loop ends, and so does the results element.
	 *
	 * @param WP_Query $query The query.
	 */
	public function loop_end( $query ): void {
		if ( ! $this->results_open || ! $query instanceof WP_Query || ! $query->is_main_query() ) {
			return;
		}
		$this->results_open = false;
		echo '</trove-search-results></div>';
	}

	/**
	 * Classic themes, a search WordPress found nothing for: the results (Trove may find what
	 * WordPress's LIKE query did not), the theme's "nothing found" after them (hidden by
	 * assets/trove-search.css once the element runs).
	 */
	public function no_results(): void {
		if ( ! is_search() || ! is_main_query() || wp_is_block_theme() || ! $this->wants_results() || $this->results_open ) {
			return;
		}
		echo $this->column_open_tag() . $this->results( '' ) . '</div>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built escaped by Trove_Markup.
	}

	/**
	 * Related posts after a single post's content (main query, the queried post, not in feeds,
	 * the REST API, excerpts or the index's own rendering).
	 *
	 * @param string $content The content.
	 * @return string
	 */
	public function related_posts( $content ): string {
		$content = (string) $content;
		if ( $this->related_done || ! $this->active() || ! Trove_Settings::enabled( 'related_posts' ) || doing_filter( 'get_the_excerpt' ) || doing_filter( 'wp_trim_excerpt' ) ) {
			return $content;
		}
		$types = (array) apply_filters( 'trove_search_related_post_types', array( 'post' ) );
		if ( ! is_singular( $types ) || ! is_main_query() || (int) get_the_ID() !== (int) get_queried_object_id() ) {
			return $content;
		}
		if ( ! apply_filters( 'trove_search_add_related_posts', true, get_the_ID() ) ) {
			return $content;
		}
		$this->related_done = true;
		$attrs              = (array) apply_filters( 'trove_search_related_posts_attributes', array( 'heading' => self::catalogued( __( 'Related posts', 'trove-search' ), 'Related posts' ) ) );
		return $content . Trove_Markup::element( 'trove-related-posts', Trove_Markup::attributes( 'trove-related-posts', $attrs ) );
	}

	/**
	 * Classic themes: a box as the last item of the header's menu when the header has no search.
	 *
	 * @param string   $items The menu's items.
	 * @param stdClass $args  The menu's arguments.
	 * @return string
	 */
	public function menu_box( $items, $args ): string {
		$items     = (string) $items;
		$locations = (array) apply_filters( 'trove_search_header_menu_locations', array( 'primary', 'main', 'menu-1', 'header' ) );
		if ( $this->header_box_done || wp_is_block_theme() || ! is_object( $args ) || ! in_array( $args->theme_location ?? '', $locations, true ) || ! $this->active() || ! $this->wants_header_box( '' ) ) {
			return $items;
		}
		$this->header_box_done = true;
		return $items . '<li class="menu-item trove-search-menu-item">' . $this->box( self::fallback_form(), '', 'header' ) . '</li>';
	}

	/**
	 * Classic themes with Twenty Twenty-One's header and no menu: a box where the menu would be.
	 */
	public function classic_header_box(): void {
		if ( $this->header_box_done || wp_is_block_theme() || ! $this->active() || has_nav_menu( 'primary' ) || ! $this->wants_header_box( '' ) ) {
			return;
		}
		$this->header_box_done = true;
		echo '<div class="trove-search-header">' . $this->box( self::fallback_form(), '', 'header' ) . '</div>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built escaped.
	}
}
