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

// The options table in memory (Trove_Settings reads the option `trove_search_settings`).
$GLOBALS['trove_test_options'] = array();
if ( ! function_exists( 'get_option' ) ) {
	function get_option( $name, $default = false ) {
		return $GLOBALS['trove_test_options'][ $name ] ?? $default;
	}
}
if ( ! function_exists( '__' ) ) {
	function __( $text, $domain = 'default' ) {
		return $text;
	}
}
if ( ! function_exists( 'wp_unslash' ) ) {
	function wp_unslash( $value ) {
		return is_string( $value ) ? stripslashes( $value ) : $value;
	}
}
if ( ! function_exists( 'sanitize_text_field' ) ) {
	function sanitize_text_field( $text ) {
		return trim( preg_replace( '/[\r\n\t ]+/', ' ', strip_tags( (string) $text ) ) );
	}
}
if ( ! function_exists( 'untrailingslashit' ) ) {
	function untrailingslashit( $text ) {
		return rtrim( $text, '/\\' );
	}
}
if ( ! function_exists( 'esc_url_raw' ) ) {
	function esc_url_raw( $url, $protocols = null ) {
		return preg_match( '~^https?://[^\s]+$~i', (string) $url ) ? (string) $url : '';
	}
}
if ( ! function_exists( 'add_settings_error' ) ) {
	function add_settings_error( $setting, $code, $message ) {
		$GLOBALS['trove_test_settings_errors'][] = $code;
	}
}

if ( ! function_exists( 'update_option' ) ) {
	function update_option( $name, $value, $autoload = null ) {
		$GLOBALS['trove_test_options'][ $name ] = $value;
		return true;
	}
}
if ( ! function_exists( 'wp_json_encode' ) ) {
	function wp_json_encode( $value ) {
		return json_encode( $value );
	}
}

// The HTTP API: each request is recorded and answered by the test's `trove_test_http` callable.
if ( ! class_exists( 'WP_Error' ) ) {
	class WP_Error {
		public function __construct( public string $code = '', public string $message = '' ) {}
		public function get_error_message() {
			return $this->message;
		}
	}
}
if ( ! function_exists( 'wp_remote_request' ) ) {
	function wp_remote_request( $url, $args ) {
		$GLOBALS['trove_test_requests'][] = array( 'url' => $url, 'args' => $args );
		return ( $GLOBALS['trove_test_http'] )( $url, $args );
	}
	function is_wp_error( $thing ) {
		return $thing instanceof WP_Error;
	}
	function wp_remote_retrieve_response_code( $response ) {
		return $response['response']['code'] ?? '';
	}
	function wp_remote_retrieve_body( $response ) {
		return $response['body'] ?? '';
	}
}
if ( ! defined( 'TROVE_SEARCH_VERSION' ) ) {
	define( 'TROVE_SEARCH_VERSION', 'test' );
}

$includes = dirname( __DIR__ ) . '/trove-search/includes/';
require_once $includes . 'class-trove-document-id.php';
require_once $includes . 'class-trove-html-text.php';
require_once $includes . 'class-trove-document.php';
require_once $includes . 'class-trove-markup.php';
require_once $includes . 'class-trove-queue.php';
require_once $includes . 'class-trove-settings.php';
require_once $includes . 'class-trove-client.php';
require_once $includes . 'class-trove-post-source.php';
require_once $includes . 'class-trove-frontend.php';
