<?php
/**
 * The blocks and the shortcodes.
 *
 * @package TroveSearch
 */

/**
 * Three server-rendered blocks (registered from their block.json, no build step) and three
 * shortcodes with the same attributes: `[trove_search_box]`, `[trove_search_results]`,
 * `[trove_related_posts]`.
 */
final class Trove_Blocks {

	/** Block folder / shortcode → element. */
	const ELEMENTS = array(
		'search-box'     => 'trove-search-box',
		'search-results' => 'trove-search-results',
		'related-posts'  => 'trove-related-posts',
	);

	/**
	 * Registers the hooks.
	 */
	public function register(): void {
		add_action( 'init', array( $this, 'register_blocks' ) );
		add_shortcode( 'trove_search_box', array( $this, 'shortcode_box' ) );
		add_shortcode( 'trove_search_results', array( $this, 'shortcode_results' ) );
		add_shortcode( 'trove_related_posts', array( $this, 'shortcode_related' ) );
	}

	/**
	 * Registers the editor script and the blocks.
	 */
	public function register_blocks(): void {
		wp_register_script(
			'trove-search-blocks-editor',
			plugins_url( 'assets/blocks-editor.js', TROVE_SEARCH_FILE ),
			array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-i18n' ),
			TROVE_SEARCH_VERSION,
			true
		);
		wp_set_script_translations( 'trove-search-blocks-editor', 'trove-search', TROVE_SEARCH_DIR . '/languages' );
		foreach ( array_keys( self::ELEMENTS ) as $folder ) {
			register_block_type(
				TROVE_SEARCH_DIR . '/blocks/' . $folder,
				array(
					'render_callback' => function ( $attributes ) use ( $folder ) {
						return $this->render( $folder, is_array( $attributes ) ? $attributes : array(), 'block' );
					},
				)
			);
		}
	}

	/**
	 * An element from block or shortcode attributes (filter `trove_search_{block}_attributes`).
	 *
	 * @param string $kind    search-box, search-results or related-posts.
	 * @param array  $input   The attributes.
	 * @param string $context block or shortcode.
	 * @return string
	 */
	public function render( string $kind, array $input, string $context ): string {
		$tag   = self::ELEMENTS[ $kind ] ?? '';
		$attrs = Trove_Markup::attributes( $tag, $input );
		if ( 'search-box' === $kind ) {
			$attrs += array(
				'results-url' => home_url( '/' ),
				'query-param' => 's',
				'placeholder' => Trove_Frontend::catalogued( __( 'Search…', 'trove-search' ), 'Search…' ),
				'value'       => get_search_query( false ),
			);
		} elseif ( 'search-results' === $kind ) {
			$attrs += array( 'query-param' => 's' );
		}
		$attrs = (array) apply_filters( 'trove_search_' . str_replace( '-', '_', $kind ) . '_attributes', $attrs, $context );
		$inner = 'search-box' === $kind ? Trove_Frontend::fallback_form( (string) ( $attrs['placeholder'] ?? '' ) ) : '';
		$html  = Trove_Markup::element( $tag, Trove_Markup::attributes( $tag, $attrs ), $inner );
		if ( 'block' === $context && function_exists( 'get_block_wrapper_attributes' ) ) {
			$html = '<div ' . get_block_wrapper_attributes() . '>' . $html . '</div>';
		}
		return $html;
	}

	/**
	 * `[trove_search_box placeholder="…" results_url="…" shortcut="/" limit="5"]`.
	 *
	 * @param array|string $atts The shortcode's attributes.
	 * @return string
	 */
	public function shortcode_box( $atts ): string {
		return $this->render( 'search-box', is_array( $atts ) ? $atts : array(), 'shortcode' );
	}

	/**
	 * `[trove_search_results limit="10" sort_options="date desc:Newest" facets="categories tags"]`.
	 *
	 * @param array|string $atts The shortcode's attributes.
	 * @return string
	 */
	public function shortcode_results( $atts ): string {
		return $this->render( 'search-results', is_array( $atts ) ? $atts : array(), 'shortcode' );
	}

	/**
	 * `[trove_related_posts limit="4" layout="grid" heading="More to read" eager]`.
	 *
	 * @param array|string $atts The shortcode's attributes.
	 * @return string
	 */
	public function shortcode_related( $atts ): string {
		return $this->render( 'related-posts', is_array( $atts ) ? $atts : array(), 'shortcode' );
	}
}
