//! The picture store's adapters against a real directory and a real Garage server.

use bitik_images::{PictureKey, PictureStore, prepare_variants};
use bitik_storage::testing::Garage;
use bitik_storage::{MigrateReport, ObjectPictures, migrate};
use bytes::Bytes;
use futures_util::TryStreamExt;

struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new() -> Self {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
        let path = std::env::temp_dir().join(format!("bitik-storage-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&path).unwrap();
        Self(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn key(path: &str) -> PictureKey {
    PictureKey::parse(path).unwrap()
}

async fn read(store: &dyn PictureStore, key: &PictureKey) -> Option<Vec<u8>> {
    let picture = store.get(key).await.unwrap()?;
    let bytes: Vec<Bytes> = picture.body.try_collect().await.unwrap();
    let bytes = bytes.concat();
    assert_eq!(picture.size, bytes.len() as u64);
    Some(bytes)
}

/// What every adapter must do: write, read back, tell a missing key, write again harmlessly.
async fn keeps_and_returns_files(store: &dyn PictureStore) {
    let jpg = key("products/0123abcd/800.jpg");
    assert_eq!(store.size(&jpg).await.unwrap(), None);
    assert!(read(store, &jpg).await.is_none());

    store.put(&jpg, Bytes::from_static(b"jpeg bytes")).await.unwrap();
    assert_eq!(store.size(&jpg).await.unwrap(), Some(10));
    assert_eq!(read(store, &jpg).await.as_deref(), Some(&b"jpeg bytes"[..]));
    let picture = store.get(&jpg).await.unwrap().unwrap();
    assert!(picture.etag.is_some_and(|tag| !tag.is_empty()), "a version tag for conditional requests");

    store.put(&jpg, Bytes::from_static(b"jpeg bytes")).await.unwrap();
    assert_eq!(read(store, &jpg).await.as_deref(), Some(&b"jpeg bytes"[..]));
    assert!(read(store, &key("products/0123abcd/800.webp")).await.is_none());
}

fn picture() -> image::DynamicImage {
    image::DynamicImage::ImageRgb8(image::RgbImage::from_fn(300, 200, |x, y| image::Rgb([x as u8, y as u8, 90])))
}

#[tokio::test]
async fn a_directory_keeps_files_under_their_keys() {
    let dir = TempDir::new();
    let store = ObjectPictures::local(&dir.0).unwrap();
    keeps_and_returns_files(&store).await;
    assert_eq!(std::fs::read(dir.0.join("products/0123abcd/800.jpg")).unwrap(), b"jpeg bytes");
}

#[tokio::test]
async fn a_bucket_keeps_files_under_their_keys_and_prefix() {
    let garage = Garage::start().await;
    let store = ObjectPictures::s3(&garage.settings(Some("shop-a"))).unwrap();
    keeps_and_returns_files(&store).await;
    // Another prefix of the same bucket is another shop's folder.
    let other = ObjectPictures::s3(&garage.settings(Some("shop-b"))).unwrap();
    assert_eq!(other.size(&key("products/0123abcd/800.jpg")).await.unwrap(), None);
    let whole = ObjectPictures::s3(&garage.settings(None)).unwrap();
    // The whole bucket keeps it under the prefix, not at its top.
    assert_eq!(whole.size(&key("products/0123abcd/800.jpg")).await.unwrap(), None);
}

#[tokio::test]
async fn a_picture_stored_twice_is_one_set_of_files() {
    let garage = Garage::start().await;
    let store = ObjectPictures::s3(&garage.settings(Some("pictures"))).unwrap();
    let prepared = prepare_variants(&picture(), "products").unwrap();
    let files: Vec<(PictureKey, Bytes)> = prepared.files().to_vec();
    let url = prepared.store(&store).await.unwrap();
    for (key, bytes) in &files {
        assert_eq!(read(&store, key).await.as_deref(), Some(&bytes[..]), "{key}");
    }
    let again = prepare_variants(&picture(), "products").unwrap().store(&store).await.unwrap();
    assert_eq!(again, url);
    assert_eq!(files.len(), 6);
}

#[tokio::test]
async fn migrate_copies_an_upload_dir_into_a_bucket_and_twice_copies_nothing_more() {
    let garage = Garage::start().await;
    let dir = TempDir::new();
    // Pictures as the local store wrote them, two of them, and a stray file.
    let local = ObjectPictures::local(&dir.0).unwrap();
    let first = prepare_variants(&picture(), "products").unwrap().store(&local).await.unwrap();
    std::fs::create_dir_all(dir.0.join("products/old0123")).unwrap();
    std::fs::write(dir.0.join("products/old0123/800.jpg"), b"an older picture").unwrap();
    std::fs::write(dir.0.join("notes.txt"), b"not a picture").unwrap();

    let bucket = ObjectPictures::s3(&garage.settings(Some("migrated"))).unwrap();
    let report = migrate(&dir.0, &bucket).await.unwrap();
    assert_eq!(report, MigrateReport { copied: 7, already_there: 0, ignored: 1 });
    let main = PictureKey::from_url(&first).unwrap();
    assert_eq!(read(&bucket, &main).await, read(&local, &main).await);
    assert_eq!(read(&bucket, &key("products/old0123/800.jpg")).await.as_deref(), Some(&b"an older picture"[..]));

    let again = migrate(&dir.0, &bucket).await.unwrap();
    assert_eq!(again, MigrateReport { copied: 0, already_there: 7, ignored: 1 });
}
