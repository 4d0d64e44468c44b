//! The catalogue as CSV (docs/rules.md#catalogue-in-csv): the export is one row per variant with
//! its cells neutralised; the import checks every row with the product form's rules, writes
//! nothing unless all are valid, and previews its changes with `dryRun=true`.

use reqwest::Method;
use serde_json::Value;

use crate::helpers::{TestApp, error_body, spawn_app};

/// The columns of a file exported before pictures had colours: still read.
const HEADER: &str = "slug,name,shortDescription,description,price,promoPrice,onPromotion,category,subcategory,\
color,size,stock,images,material,careInstructions,featured,active";
const EXPORTED: &str = "slug,name,shortDescription,description,price,promoPrice,onPromotion,category,subcategory,\
color,size,stock,images,imageColors,material,careInstructions,featured,active";

async fn export(app: &TestApp, admin: &str) -> String {
    let response = app.send(Method::GET, "/api/admin/products.csv", Some(admin), None).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    response.text().await.unwrap()
}

async fn import(app: &TestApp, admin: &str, file: &str, dry_run: bool) -> reqwest::Response {
    let path = if dry_run { "/api/admin/products/import?dryRun=true" } else { "/api/admin/products/import" };
    app.client
        .post(app.url(path))
        .bearer_auth(admin)
        .header("content-type", "text/csv")
        .body(file.to_owned())
        .send()
        .await
        .unwrap()
}

async fn product(app: &TestApp, slug: &str) -> Option<Value> {
    let response = app.get(&format!("/api/products/{slug}")).await;
    match response.status().as_u16() {
        404 => None,
        200 => Some(response.json::<Value>().await.unwrap()["data"].clone()),
        other => panic!("{other}"),
    }
}

fn file(rows: &[&str]) -> String {
    let mut file = format!("{HEADER}\r\n");
    for row in rows {
        file.push_str(row);
        file.push_str("\r\n");
    }
    file
}

#[tokio::test]
async fn the_export_is_one_row_per_variant_with_the_cells_a_spreadsheet_would_run_neutralised() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    app.product("T-shirt Teranga", 9_500, None, &[("noir", "M", 4), ("noir", "L", 0), ("blanc", "M", 2)]).await;
    let id = app.product("Pull Ndar", 20_000, None, &[("noir", "M", 1)]).await;
    app.sql(
        "UPDATE products SET images = '{/a.jpg,/b.jpg}', image_colors = '{blanc,NULL}' WHERE slug = 't-shirt-teranga'",
    )
    .await;
    // Stored as an admin could type it: a formula, a name with a comma and a quote.
    app.sql(&format!(
        "UPDATE products SET name = '=HYPERLINK(\"http://x.sn\",\"Cliquez\")', \
         description = 'Doux, \"chaud\"' WHERE id = '{id}'"
    ))
    .await;

    let file = export(&app, &admin).await;
    let mut reader = csv::Reader::from_reader(file.as_bytes());
    assert_eq!(reader.headers().unwrap().iter().collect::<Vec<_>>().join(","), EXPORTED);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 5, "2 colours × 2 sizes, then 1 variant");
    let variants: Vec<(&str, &str, &str)> = rows.iter().map(|r| (&r[0], &r[9], &r[10])).collect();
    assert!(variants.contains(&("t-shirt-teranga", "blanc", "L")), "the whole grid, 0 included: {variants:?}");
    let black_m = rows.iter().find(|r| &r[0] == "t-shirt-teranga" && &r[9] == "noir" && &r[10] == "M").unwrap();
    assert_eq!((&black_m[4], &black_m[11], &black_m[17]), ("9500", "4", "oui"));
    assert_eq!((&black_m[12], &black_m[13]), ("/a.jpg /b.jpg", "blanc|"), "each picture's colour");
    let pull = rows.iter().find(|r| &r[0] == "pull-ndar").unwrap();
    assert_eq!(&pull[1], "'=HYPERLINK(\"http://x.sn\",\"Cliquez\")", "made text");
    assert_eq!(&pull[3], "Doux, \"chaud\"");
    assert!(file.contains("\r\npull-ndar,\"'=HYPERLINK(\"\"http://x.sn\"\",\"\"Cliquez\"\")\","), "{file}");
    for row in &rows {
        for cell in row {
            assert!(!cell.starts_with(['=', '+', '-', '@', '\t', '\r']), "{cell:?} would run");
        }
    }

    // Read back as it is, it changes nothing: the quote marks are taken off again.
    let response = import(&app, &admin, &file, true).await;
    assert_eq!(response.status(), 200);
    let report: Value = response.json().await.unwrap();
    assert_eq!((report["data"]["unchanged"].as_i64(), report["data"]["updated"].as_i64()), (Some(2), Some(0)));

    // The pictures' colours are read back too.
    let recoloured = file.replace(",/a.jpg /b.jpg,blanc|,", ",/a.jpg /b.jpg,|noir,");
    assert_eq!(import(&app, &admin, &recoloured, false).await.status(), 200);
    assert_eq!(product(&app, "t-shirt-teranga").await.unwrap()["imageColors"], serde_json::json!([null, "noir"]));
}

const TEE_M: &str = "t-shirt-teranga,T-shirt Teranga,,Coton bio.,9500,,non,vetement,t-shirt,noir,M,7,,,,non,oui";
const NEW_CHAIN: &str = ",Chaîne Cubaine,,Maille cubaine.,15000,,non,accessoire,chaine,doré,,3,,,,oui,oui";

#[tokio::test]
async fn a_file_with_one_bad_row_writes_nothing_and_says_each_problem_by_row_and_column() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    app.product("T-shirt Teranga", 9_500, None, &[("noir", "M", 4)]).await;
    let bad_price = ",Pull Ndar,,Laine.,beaucoup,,non,vetement,pull,noir,M,1,,,,non,oui";
    let bad_size = ",Pull Gorée,,Laine.,20000,,non,vetement,pull,noir,XXXXL,1,,,,non,oui";
    let bad_stock = ",Pull Gorée,,,,,,,,noir,M,-1,,,,,";
    let response = import(&app, &admin, &file(&[TEE_M, NEW_CHAIN, bad_price, bad_size, bad_stock]), false).await;
    assert_eq!(response.status(), 400);
    let body = error_body(response).await;
    assert_eq!(body["code"], "invalid_import");
    assert_eq!(body["message"], "Le fichier contient 3 erreurs : rien n'a été importé.");
    let rows: Vec<(i64, &str, &str)> = body["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["row"].as_i64().unwrap(), r["column"].as_str().unwrap(), r["message"].as_str().unwrap()))
        .collect();
    assert_eq!(
        rows,
        [
            (4, "price", "Un nombre entier de francs est attendu"),
            (5, "size", "Taille inconnue : XXXXL"),
            (6, "stock", "Le stock doit être un nombre entier positif ou nul"),
        ]
    );
    // Nothing written: the valid rows neither.
    assert!(product(&app, "chaine-cubaine").await.is_none());
    assert_eq!(product(&app, "t-shirt-teranga").await.unwrap()["stock"]["noir"]["M"], 4);
}

#[tokio::test]
async fn a_dry_run_says_what_would_change_and_the_import_then_writes_it_all() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    app.product("T-shirt Teranga", 9_500, None, &[("noir", "M", 4)]).await;
    app.product("Pull Ndar", 20_000, None, &[("noir", "M", 1)]).await;
    let unchanged = "pull-ndar,Pull Ndar,,Une pièce de la boutique.,20000,,non,vetement,t-shirt,noir,M,1,,,,non,oui";
    let upload = file(&[TEE_M, NEW_CHAIN, unchanged]);

    let response = import(&app, &admin, &upload, true).await;
    assert_eq!(response.status(), 200);
    let preview: Value = response.json().await.unwrap();
    let preview = &preview["data"];
    assert_eq!(preview["dryRun"], true);
    assert_eq!((preview["created"].as_i64(), preview["updated"].as_i64()), (Some(1), Some(1)));
    assert_eq!(preview["unchanged"], 1);
    let changes: Vec<(&str, &str)> = preview["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["slug"].as_str().unwrap(), p["change"].as_str().unwrap()))
        .collect();
    assert_eq!(changes, [("t-shirt-teranga", "updated"), ("chaine-cubaine", "created"), ("pull-ndar", "unchanged")]);
    assert!(product(&app, "chaine-cubaine").await.is_none(), "a dry run writes nothing");
    assert_eq!(product(&app, "t-shirt-teranga").await.unwrap()["stock"]["noir"]["M"], 4);

    let response = import(&app, &admin, &upload, false).await;
    assert_eq!(response.status(), 200);
    assert_eq!(product(&app, "t-shirt-teranga").await.unwrap()["stock"]["noir"]["M"], 7);
    let chain = product(&app, "chaine-cubaine").await.expect("created under its slug");
    assert_eq!(chain["stock"]["doré"]["unique"], 3);
    assert_eq!(chain["featured"], true);
    // The same file again changes nothing.
    let again: Value = import(&app, &admin, &upload, true).await.json().await.unwrap();
    assert_eq!(again["data"]["unchanged"], 3);
}

#[tokio::test]
async fn an_import_refuses_what_is_not_a_csv_file() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let as_text = app
        .client
        .post(app.url("/api/admin/products/import"))
        .bearer_auth(&admin)
        .header("content-type", "text/plain")
        .body(file(&[TEE_M]))
        .send()
        .await
        .unwrap();
    assert_eq!(as_text.status(), 415);
    assert_eq!(error_body(as_text).await["code"], "unsupported_media_type");
    assert_eq!(product(&app, "t-shirt-teranga").await, None, "nothing written");
    let partial = import(&app, &admin, "slug,name\r\nx,café\r\n", false).await;
    assert_eq!(partial.status(), 400, "the header lacks columns");
    let body = error_body(partial).await;
    assert_eq!(body["rows"][0]["message"], "Colonne manquante");
    let empty = error_body(import(&app, &admin, "", false).await).await;
    assert_eq!(empty["rows"][0]["message"], "Le fichier est vide");
}
