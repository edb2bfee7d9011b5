/**
 * Trove Search settings page: "Index everything" sends batches through admin-ajax (nonce checked
 * there) until the last one, with a progress bar; the progress is kept on the server, so a
 * closed tab resumes where it stopped. Plain script, no dependency.
 */
( function () {
	var config = window.troveSearchAdmin;
	var button = document.getElementById( 'trove-search-index-all' );
	var bar = document.getElementById( 'trove-search-progress' );
	var text = document.getElementById( 'trove-search-progress-text' );
	if ( ! config || ! button || ! bar || ! text ) {
		return;
	}

	function format( template, a, b ) {
		return template.replace( '%1$d', String( a ) ).replace( '%2$d', String( b ) ).replace( '%s', String( a ) );
	}

	function show( progress ) {
		bar.hidden = false;
		bar.max = Math.max( 1, progress.total );
		bar.value = progress.done;
		text.textContent = progress.finished ? config.text.done : format( config.text.progress, progress.done, progress.total );
	}

	function batch( restart ) {
		var body = new URLSearchParams( { action: 'trove_search_index_batch', nonce: config.nonce } );
		if ( restart ) {
			body.set( 'restart', '1' );
		}
		return fetch( config.ajaxUrl, { method: 'POST', credentials: 'same-origin', body: body } ).then( function ( response ) {
			return response.json().catch( function () {
				return { success: false, data: { message: String( response.status ) } };
			} );
		} );
	}

	function run( restart ) {
		button.disabled = true;
		text.textContent = config.text.working;
		batch( restart ).then( function step( answer ) {
			var data = answer && answer.data ? answer.data : {};
			if ( data.progress ) {
				show( data.progress );
			}
			if ( ! answer || ! answer.success ) {
				text.textContent = format( config.text.failed, data.message || '?' );
				button.disabled = false;
				button.dataset.resume = '1';
				return;
			}
			if ( data.progress.finished ) {
				button.disabled = false;
				button.dataset.resume = '0';
				return;
			}
			return batch( false ).then( step );
		} ).catch( function ( error ) {
			text.textContent = format( config.text.failed, error && error.message ? error.message : '?' );
			button.disabled = false;
			button.dataset.resume = '1';
		} );
	}

	button.addEventListener( 'click', function () {
		run( button.dataset.resume !== '1' );
	} );
} )();
