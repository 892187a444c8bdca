-- Audit log free text: `audit_search_query` builds the same query as before (0013), in PL/pgSQL.
-- As an SQL function it was planned anew at every search, and the plan of its character pairs
-- (a lateral `generate_series` in a subquery) took 7 to 10 ms, most of a search's time; here the
-- character pairs are a loop and the one statement inside keeps its plan in the session.
CREATE OR REPLACE FUNCTION audit_search_query(q text) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  w text;
  word text;
  run text;
  grams text[];
  terms text[] := '{}';
BEGIN
  FOREACH w IN ARRAY regexp_split_to_array(lower(q), '\s+') LOOP
    word := btrim(regexp_replace(w, '[[:punct:]]+', '.', 'g'), '.');
    CONTINUE WHEN word = '';
    grams := '{}';
    FOR run IN SELECT m[1] FROM regexp_matches(w, '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+', 'g') AS m LOOP
      IF length(run) = 1 THEN
        grams := grams || audit_lexeme(run);
      ELSE
        FOR i IN 1 .. length(run) - 1 LOOP
          grams := grams || audit_lexeme(substr(run, i, 2));
        END LOOP;
      END IF;
    END LOOP;
    terms := terms || ('(' || concat_ws(' | ', audit_lexeme(word) || ':*', nullif(array_to_string(grams, ' & '), '')) || ')');
  END LOOP;
  RETURN nullif(array_to_string(terms, ' & '), '')::tsquery;
END
$$;
