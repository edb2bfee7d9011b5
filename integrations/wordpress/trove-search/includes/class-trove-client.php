<?php
/**
 * Server-side requests to the search service (the only place the write token is sent).
 *
 * @package TroveSearch
 */

/**
 * Index, delete and check requests (docs/http-api.md). Each waits at most `timeout` seconds
 * (1.5 by default, filter `trove_search_request_timeout`), so that a save, its own work included,
 * returns within 2 s when the service is slow. Answers are the envelope `{time, code, response}`: an HTTP status or a `code` other
 * than 200 is an error.
 */
final class Trove_Client {

	/** Field names of v1 documents (src/api/toV1Document.ts). */
	const V1_NAMES = array(
		'title'    => 'title_t_bi',
		'content'  => 'content_t_bi',
		'image'    => 'image_s',
		'url'      => 'url_s',
		'tags'     => 'tags_sa',
		'category' => 'category_sa',
		'author'   => 'author_sa',
		'date'     => 'date_dt',
	);

	/** @var array{base_url: string, project: string, collection: string, token: string, write_token: string} */
	private array $settings;

	/**
	 * A client with explicit settings (the saved ones by default).
	 *
	 * @param array|null $settings base_url, project, collection, token, write_token.
	 */
	public function __construct( ?array $settings = null ) {
		$this->settings = $settings ?? array_merge( Trove_Settings::public_settings(), array( 'write_token' => (string) Trove_Settings::get( 'write_token' ) ) );
	}

	/**
	 * Whether indexing can be tried at all (address, project, collection and a token).
	 *
	 * @return bool
	 */
	public function can_write(): bool {
		return '' !== $this->settings['base_url'] && '' !== $this->settings['project'] && '' !== $this->settings['collection'] && '' !== $this->write_token();
	}

	/**
	 * The token indexing sends: the write token, else the public one (trove serve takes it over loopback).
	 *
	 * @return string
	 */
	private function write_token(): string {
		return '' !== $this->settings['write_token'] ? $this->settings['write_token'] : $this->settings['token'];
	}

	/**
	 * The address of an endpoint below the collection.
	 *
	 * @param string $version  v2 or v1.
	 * @param string $endpoint e.g. `documents`, `search/default`.
	 * @param array  $query    Query parameters (the token included).
	 * @return string
	 */
	public function url( string $version, string $endpoint, array $query ): string {
		$root = 'v2' === $version
			? '/api/v2/projects/' . rawurlencode( $this->settings['project'] ) . '/collections/' . rawurlencode( $this->settings['collection'] ) . '/'
			: '/api/v1/' . rawurlencode( $this->settings['project'] ) . '/collections/' . rawurlencode( $this->settings['collection'] ) . '/';
		return rtrim( $this->settings['base_url'], '/' ) . $root . $endpoint . '?' . http_build_query( $query, '', '&', PHP_QUERY_RFC3986 );
	}

	/**
	 * Indexes documents (v2 schema; v1 field names when the service speaks v1 only).
	 *
	 * @param array[]    $documents The documents.
	 * @param float|null $timeout   Seconds to wait (a batch of "Index everything" waits longer).
	 * @return array{ok: bool, status: int, error: string}
	 */
	public function index( array $documents, ?float $timeout = null ): array {
		$version = $this->version();
		$body    = 'v1' === $version ? array_map( array( self::class, 'to_v1' ), $documents ) : $documents;
		return $this->request( 'POST', $this->url( $version, 'documents', array( 'token' => $this->write_token() ) ), array_values( $body ), $timeout );
	}

	/**
	 * Deletes documents by id (trove serve's extension; a 404 or 405 means the service has none
	 * or the collection was never indexed: `unsupported` is then true).
	 *
	 * @param int[] $ids The ids.
	 * @return array{ok: bool, status: int, error: string, unsupported: bool}
	 */
	public function delete( array $ids ): array {
		$result = $this->request( 'DELETE', $this->url( $this->version(), 'documents', array( 'token' => $this->write_token() ) ), array_values( array_map( 'intval', $ids ) ) );
		// trove serve's 404 for a collection never indexed: there is nothing to remove.
		if ( 404 === $result['status'] && $result['envelope'] && preg_match( '/nothing has been indexed|has never been indexed/', $result['error'] ) ) {
			$result['ok'] = true;
		}
		$result['unsupported'] = ! $result['ok'] && in_array( $result['status'], array( 404, 405, 501 ), true );
		return $result;
	}

	/**
	 * Checks the service: does it answer (v2, else v1), and does it take the write token (an
	 * empty batch to index: nothing changes; it creates the collection when there is none).
	 *
	 * @return array{answers: bool, version: string, collection: bool, write: bool|null, message: string}
	 */
	public function check(): array {
		$out = array(
			'answers'    => false,
			'version'    => '',
			'collection' => false,
			'write'      => null,
			'message'    => '',
		);
		foreach ( array( 'v2', 'v1' ) as $version ) {
			$result = $this->request( 'GET', $this->url( $version, 'search/default', array( 'q' => '', 'limit' => 0, 'token' => $this->settings['token'] ) ), null );
			if ( $result['envelope'] ) {
				$out['answers']    = true;
				$out['version']    = $version;
				$out['collection'] = $result['ok'];
				$out['message']    = $result['error'];
				break;
			}
			$out['message'] = $result['error'];
		}
		if ( $out['answers'] && '' !== $this->write_token() ) {
			$write        = $this->request( 'POST', $this->url( $out['version'], 'documents', array( 'token' => $this->write_token() ) ), array() );
			$out['write'] = $write['ok'];
			if ( ! $write['ok'] ) {
				$out['message'] = $write['error'];
			}
		}
		if ( $out['answers'] ) {
			update_option( 'trove_search_api_version', $out['version'], false );
		}
		return $out;
	}

	/**
	 * The API version last found by a check (v2 until a check found v1 only).
	 *
	 * @return string
	 */
	private function version(): string {
		return 'v1' === get_option( 'trove_search_api_version' ) ? 'v1' : 'v2';
	}

	/**
	 * A v2 document in v1 field names.
	 *
	 * @param array $document The document.
	 * @return array
	 */
	public static function to_v1( array $document ): array {
		$out = array();
		foreach ( $document as $key => $value ) {
			$out[ self::V1_NAMES[ $key ] ?? $key ] = $value;
		}
		return $out;
	}

	/**
	 * One request, its answer read as an envelope.
	 *
	 * @param string     $method GET, POST or DELETE.
	 * @param string     $url    The address.
	 * @param array|null $body    A JSON body, or none.
	 * @param float|null $timeout Seconds to wait, or the default.
	 * @return array{ok: bool, status: int, error: string, envelope: bool}
	 */
	private function request( string $method, string $url, ?array $body, ?float $timeout = null ): array {
		$args = array(
			'method'      => $method,
			'timeout'     => $timeout ?? (float) apply_filters( 'trove_search_request_timeout', 1.5 ),
			'redirection' => 0,
			'headers'     => array( 'Accept' => 'application/json' ),
			'user-agent'  => 'trove-search-wordpress/' . TROVE_SEARCH_VERSION,
		);
		if ( null !== $body ) {
			$args['headers']['Content-Type'] = 'application/json';
			$args['body']                    = wp_json_encode( $body );
		}
		$response = wp_remote_request( $url, apply_filters( 'trove_search_request_args', $args, $method, $body ) );
		if ( is_wp_error( $response ) ) {
			return array(
				'ok'       => false,
				'status'   => 0,
				'error'    => self::redact( $response->get_error_message() ),
				'envelope' => false,
			);
		}
		$status   = (int) wp_remote_retrieve_response_code( $response );
		$envelope = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		$is_env   = is_array( $envelope ) && isset( $envelope['code'] ) && is_numeric( $envelope['code'] );
		$ok       = $status >= 200 && $status < 300 && $is_env && 200 === (int) $envelope['code'];
		$error    = '';
		if ( ! $ok ) {
			$detail = $is_env && is_string( $envelope['response'] ?? null ) ? ': ' . $envelope['response'] : '';
			/* translators: 1: HTTP status, 2: the service's message. */
			$error = sprintf( __( 'the service answered %1$d%2$s', 'trove-search' ), $status, self::redact( mb_substr( $detail, 0, 300 ) ) );
		}
		return array(
			'ok'       => $ok,
			'status'   => $status,
			'error'    => $error,
			'envelope' => $is_env,
		);
	}

	/**
	 * A message without any token in it.
	 *
	 * @param string $message The message.
	 * @return string
	 */
	private static function redact( string $message ): string {
		return preg_replace( '/([?&]token=)[^&\s]*/', '$1…', $message );
	}
}
