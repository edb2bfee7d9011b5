<?php
/**
 * The plugin's settings: the option, with wp-config.php constants winning.
 *
 * @package TroveSearch
 */

/**
 * Reads and writes the settings. Each service setting may be fixed by a constant of the name of
 * the project's environment variable (`TROVE_BASE_URL`, `TROVE_PROJECT`, `TROVE_COLLECTION`,
 * `TROVE_TOKEN`, `TROVE_WRITE_TOKEN`); a constant wins over the option. The write token is read
 * here for server-side requests only: nothing that prints a page ever gets it.
 */
final class Trove_Settings {

	/** The option holding the settings. */
	const OPTION = 'trove_search_settings';

	/** Setting → the constant that fixes it. */
	const CONSTANTS = array(
		'base_url'    => 'TROVE_BASE_URL',
		'project'     => 'TROVE_PROJECT',
		'collection'  => 'TROVE_COLLECTION',
		'token'       => 'TROVE_TOKEN',
		'write_token' => 'TROVE_WRITE_TOKEN',
	);

	/** The checkboxes and their defaults (on). */
	const SWITCHES = array(
		'replace_search' => true,
		'header_box'     => true,
		'related_posts'  => true,
	);

	/**
	 * The stored option, with defaults.
	 *
	 * @return array
	 */
	public static function stored(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		foreach ( self::CONSTANTS as $key => $constant ) {
			$stored[ $key ] = isset( $stored[ $key ] ) && is_string( $stored[ $key ] ) ? $stored[ $key ] : '';
		}
		foreach ( self::SWITCHES as $key => $default ) {
			$stored[ $key ] = isset( $stored[ $key ] ) ? (bool) $stored[ $key ] : $default;
		}
		return $stored;
	}

	/**
	 * Whether a setting is fixed by its constant.
	 *
	 * @param string $key A key of CONSTANTS.
	 * @return bool
	 */
	public static function is_fixed( string $key ): bool {
		return isset( self::CONSTANTS[ $key ] ) && defined( self::CONSTANTS[ $key ] ) && is_scalar( constant( self::CONSTANTS[ $key ] ) ) && '' !== (string) constant( self::CONSTANTS[ $key ] );
	}

	/**
	 * A setting's value: the constant when it is defined, else the option.
	 *
	 * @param string $key A key of CONSTANTS or SWITCHES.
	 * @return string|bool
	 */
	public static function get( string $key ) {
		if ( self::is_fixed( $key ) ) {
			$value = trim( (string) constant( self::CONSTANTS[ $key ] ) );
		} else {
			$stored = self::stored();
			$value  = $stored[ $key ] ?? '';
		}
		if ( 'base_url' === $key && is_string( $value ) ) {
			$value = untrailingslashit( $value );
		}
		return $value;
	}

	/**
	 * The settings a page may publish: base URL, project, collection, public token.
	 *
	 * @return array{base_url: string, project: string, collection: string, token: string}
	 */
	public static function public_settings(): array {
		return array(
			'base_url'   => (string) self::get( 'base_url' ),
			'project'    => (string) self::get( 'project' ),
			'collection' => (string) self::get( 'collection' ),
			'token'      => (string) self::get( 'token' ),
		);
	}

	/**
	 * Whether the front end has what it needs (address, project, collection, token).
	 *
	 * @return bool
	 */
	public static function is_configured(): bool {
		return ! in_array( '', self::public_settings(), true );
	}

	/**
	 * Whether a switch is on.
	 *
	 * @param string $key A key of SWITCHES.
	 * @return bool
	 */
	public static function enabled( string $key ): bool {
		return (bool) self::get( $key );
	}

	/**
	 * The sanitize callback of the option (Settings API): text fields trimmed, the address an
	 * http(s) URL, the write token kept when the form leaves its field empty, the checkboxes as
	 * booleans. Constants' settings keep their stored value.
	 *
	 * @param mixed $input The submitted values.
	 * @return array
	 */
	public static function sanitize( $input ): array {
		$input    = is_array( $input ) ? $input : array();
		$previous = self::stored();
		$clean    = $previous;
		foreach ( array( 'project', 'collection', 'token' ) as $key ) {
			if ( isset( $input[ $key ] ) && ! self::is_fixed( $key ) ) {
				$clean[ $key ] = sanitize_text_field( wp_unslash( (string) $input[ $key ] ) );
			}
		}
		if ( isset( $input['base_url'] ) && ! self::is_fixed( 'base_url' ) ) {
			$url               = trim( wp_unslash( (string) $input['base_url'] ) );
			$clean['base_url'] = '' === $url ? '' : untrailingslashit( esc_url_raw( $url, array( 'http', 'https' ) ) );
			if ( '' !== $url && '' === $clean['base_url'] ) {
				add_settings_error( self::OPTION, 'base_url', __( 'The service address must be an http:// or https:// address.', 'trove-search' ) );
				$clean['base_url'] = $previous['base_url'];
			}
		}
		if ( ! self::is_fixed( 'write_token' ) ) {
			if ( ! empty( $input['write_token_clear'] ) ) {
				$clean['write_token'] = '';
			} elseif ( isset( $input['write_token'] ) && '' !== trim( (string) $input['write_token'] ) ) {
				$clean['write_token'] = sanitize_text_field( wp_unslash( (string) $input['write_token'] ) );
			}
		}
		foreach ( self::SWITCHES as $key => $default ) {
			if ( isset( $input['switches_present'] ) ) {
				// The settings form: an unchecked box sends nothing.
				$clean[ $key ] = ! empty( $input[ $key ] );
			} elseif ( isset( $input[ $key ] ) && is_bool( $input[ $key ] ) ) {
				// Already clean (WordPress sanitizes a new option twice) or set by code.
				$clean[ $key ] = $input[ $key ];
			}
		}
		unset( $clean['write_token_clear'], $clean['switches_present'] );
		return $clean;
	}
}
