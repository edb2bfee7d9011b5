<?php
/**
 * Loads the plugin's WordPress-free classes for the unit tests, with the few escaping and
 * translation functions they call written as WordPress defines them.
 *
 * @package TroveSearch
 */

define( 'ABSPATH', __DIR__ . '/' );

if ( ! function_exists( 'esc_attr' ) ) {
	function esc_attr( $text ) {
		return htmlspecialchars( (string) $text, ENT_QUOTES, 'UTF-8' );
	}
}
if ( ! function_exists( 'esc_html' ) ) {
	function esc_html( $text ) {
		return htmlspecialchars( (string) $text, ENT_QUOTES, 'UTF-8' );
	}
}
if ( ! function_exists( 'esc_url' ) ) {
	function esc_url( $url ) {
		return preg_match( '~^(https?:)?//|^/~i', (string) $url ) ? htmlspecialchars( (string) $url, ENT_QUOTES, 'UTF-8' ) : '';
	}
}
if ( ! function_exists( 'apply_filters' ) ) {
	function apply_filters( $hook, $value ) {
		return $value;
	}
}

$includes = dirname( __DIR__ ) . '/trove-search/includes/';
require_once $includes . 'class-trove-document-id.php';
require_once $includes . 'class-trove-html-text.php';
require_once $includes . 'class-trove-document.php';
require_once $includes . 'class-trove-markup.php';
require_once $includes . 'class-trove-queue.php';
