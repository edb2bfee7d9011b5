<?php
/**
 * The requests to the service: the write token only where indexing needs it, answers read as envelopes.
 *
 * @package TroveSearch
 */

use PHPUnit\Framework\TestCase;

final class ClientTest extends TestCase {

	private Trove_Client $client;

	protected function setUp(): void {
		$GLOBALS['trove_test_options']  = array();
		$GLOBALS['trove_test_requests'] = array();
		$this->answer( 200, array( 'time' => 1, 'code' => 200, 'response' => null ) );
		$this->client = new Trove_Client(
			array(
				'base_url'    => 'http://127.0.0.1:8787',
				'project'     => 'my blog',
				'collection'  => 'posts',
				'token'       => 'read-token',
				'write_token' => 'write-token',
			)
		);
	}

	private function answer( int $status, $envelope ): void {
		$GLOBALS['trove_test_http'] = static fn() => array(
			'response' => array( 'code' => $status ),
			'body'     => is_string( $envelope ) ? $envelope : json_encode( $envelope ),
		);
	}

	private static function request( int $i = 0 ): array {
		return $GLOBALS['trove_test_requests'][ $i ];
	}

	public function test_indexes_with_the_write_token_as_a_json_array_waiting_one_and_a_half_seconds(): void {
		$result  = $this->client->index( array( array( 'id' => 1, 'title' => 'A' ) ) );
		$request = self::request();
		$this->assertTrue( $result['ok'] );
		$this->assertSame( 'http://127.0.0.1:8787/api/v2/projects/my%20blog/collections/posts/documents?token=write-token', $request['url'] );
		$this->assertSame( 'POST', $request['args']['method'] );
		$this->assertSame( '[{"id":1,"title":"A"}]', $request['args']['body'] );
		$this->assertSame( 'application/json', $request['args']['headers']['Content-Type'] );
		$this->assertSame( 1.5, $request['args']['timeout'] );
	}

	public function test_deletes_by_id_and_tells_a_service_without_delete_from_a_collection_never_indexed(): void {
		$this->answer( 405, 'Method Not Allowed' );
		$result = $this->client->delete( array( 7, '8' ) );
		$this->assertSame( 'DELETE', self::request()['args']['method'] );
		$this->assertSame( '[7,8]', self::request()['args']['body'] );
		$this->assertTrue( $result['unsupported'] );
		$this->answer( 404, array( 'time' => 0, 'code' => 404, 'response' => 'Project "my blog" not found (nothing has been indexed into it)' ) );
		$result = $this->client->delete( array( 7 ) );
		$this->assertTrue( $result['ok'] );
		$this->assertFalse( $result['unsupported'] );
	}

	public function test_reads_an_error_envelope_and_an_unreachable_service_as_failures_without_the_token(): void {
		$this->answer( 401, array( 'time' => 0, 'code' => 401, 'response' => 'Invalid token' ) );
		$result = $this->client->index( array( array( 'id' => 1 ) ) );
		$this->assertFalse( $result['ok'] );
		$this->assertSame( 'the service answered 401: Invalid token', $result['error'] );
		$GLOBALS['trove_test_http'] = static fn( $url ) => new WP_Error( 'http_request_failed', "cURL error 28: timed out for $url" );
		$result                     = $this->client->index( array( array( 'id' => 1 ) ) );
		$this->assertSame( 0, $result['status'] );
		$this->assertStringNotContainsString( 'write-token', $result['error'] );
	}

	public function test_checks_v2_then_v1_with_the_read_token_and_the_write_token_with_an_empty_batch(): void {
		$GLOBALS['trove_test_http'] = static fn( $url ) => str_contains( $url, '/api/v2/' )
			? array( 'response' => array( 'code' => 404 ), 'body' => 'Not Found' )
			: array( 'response' => array( 'code' => 200 ), 'body' => '{"time":1,"code":200,"response":"Indexed"}' );
		$check = $this->client->check();
		$this->assertSame( array( true, 'v1', true, true ), array( $check['answers'], $check['version'], $check['collection'], $check['write'] ) );
		$urls = array_column( $GLOBALS['trove_test_requests'], 'url' );
		$this->assertStringContainsString( 'token=read-token', $urls[0] );
		$this->assertStringContainsString( 'token=read-token', $urls[1] );
		$this->assertStringEndsWith( '/api/v1/my%20blog/collections/posts/documents?token=write-token', $urls[2] );
		$this->assertSame( '[]', self::request( 2 )['args']['body'] );
		// Indexing then speaks v1, in v1 field names.
		$this->client->index( array( array( 'id' => 1, 'title' => 'A', 'category' => array( 'x' ) ) ) );
		$this->assertSame( '[{"id":1,"title_t_bi":"A","category_sa":["x"]}]', self::request( 3 )['args']['body'] );
	}

	public function test_says_when_the_service_does_not_answer_at_all(): void {
		$GLOBALS['trove_test_http'] = static fn() => new WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect' );
		$check                      = $this->client->check();
		$this->assertFalse( $check['answers'] );
		$this->assertNull( $check['write'] );
		$this->assertSame( 'cURL error 7: Failed to connect', $check['message'] );
	}
}
