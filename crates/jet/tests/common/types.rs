//! Rust types for the corpus files (testdata/bench), shared by the typed-layer tests and the
//! bench (which includes this file by path). Integer-keyed maps exercise map keys written as
//! strings; `Option` fields cover members that are null or missing.

#![allow(dead_code)]

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

// canada.json: GeoJSON, floats.

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Canada {
    #[serde(rename = "type")]
    pub kind: String,
    pub features: Vec<Feature>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Feature {
    #[serde(rename = "type")]
    pub kind: String,
    pub properties: BTreeMap<String, String>,
    pub geometry: Geometry,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Geometry {
    #[serde(rename = "type")]
    pub kind: String,
    pub coordinates: Vec<Vec<(f64, f64)>>,
}

// citm_catalog.json: integers, maps with integer keys, nulls.

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "camelCase")]
pub struct CitmCatalog {
    pub area_names: BTreeMap<u64, String>,
    pub audience_sub_category_names: BTreeMap<u64, String>,
    pub block_names: BTreeMap<u64, String>,
    pub events: BTreeMap<u64, CitmEvent>,
    pub performances: Vec<Performance>,
    pub seat_category_names: BTreeMap<u64, String>,
    pub sub_topic_names: BTreeMap<u64, String>,
    pub subject_names: BTreeMap<u64, String>,
    pub topic_names: BTreeMap<u64, String>,
    pub topic_sub_topics: BTreeMap<u64, Vec<u64>>,
    pub venue_names: BTreeMap<String, String>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "camelCase")]
pub struct CitmEvent {
    pub description: Option<String>,
    pub id: u64,
    pub logo: Option<String>,
    pub name: String,
    pub sub_topic_ids: Vec<u64>,
    pub subject_code: Option<String>,
    pub subtitle: Option<String>,
    pub topic_ids: Vec<u64>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Performance {
    pub event_id: u64,
    pub id: u64,
    pub logo: Option<String>,
    pub name: Option<String>,
    pub prices: Vec<Price>,
    pub seat_categories: Vec<SeatCategory>,
    pub seat_map_image: Option<String>,
    pub start: u64,
    pub venue_code: String,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Price {
    pub amount: u64,
    pub audience_sub_category_id: u64,
    pub seat_category_id: u64,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "camelCase")]
pub struct SeatCategory {
    pub areas: Vec<Area>,
    pub seat_category_id: u64,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Area {
    pub area_id: u64,
    pub block_ids: Vec<u64>,
}

// twitter_status.json: strings with escapes, 64-bit ids, optional members, recursion.

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Twitter {
    pub statuses: Vec<Status>,
    pub search_metadata: SearchMetadata,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Status {
    pub metadata: StatusMetadata,
    pub created_at: String,
    pub id: u64,
    pub id_str: String,
    pub text: String,
    pub source: String,
    pub truncated: bool,
    pub in_reply_to_status_id: Option<u64>,
    pub in_reply_to_status_id_str: Option<String>,
    pub in_reply_to_user_id: Option<u64>,
    pub in_reply_to_user_id_str: Option<String>,
    pub in_reply_to_screen_name: Option<String>,
    pub user: User,
    pub geo: (),
    pub coordinates: (),
    pub place: (),
    pub contributors: (),
    pub retweeted_status: Option<Box<Status>>,
    pub retweet_count: u32,
    pub favorite_count: u32,
    pub entities: StatusEntities,
    pub favorited: bool,
    pub retweeted: bool,
    pub possibly_sensitive: Option<bool>,
    pub lang: String,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct StatusMetadata {
    pub result_type: String,
    pub iso_language_code: String,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct User {
    pub id: u32,
    pub id_str: String,
    pub name: String,
    pub screen_name: String,
    pub location: String,
    pub description: String,
    pub url: Option<String>,
    pub entities: UserEntities,
    pub protected: bool,
    pub followers_count: u32,
    pub friends_count: u32,
    pub listed_count: u32,
    pub created_at: String,
    pub favourites_count: u32,
    pub utc_offset: Option<i32>,
    pub time_zone: Option<String>,
    pub geo_enabled: bool,
    pub verified: bool,
    pub statuses_count: u32,
    pub lang: String,
    pub contributors_enabled: bool,
    pub is_translator: bool,
    pub is_translation_enabled: bool,
    pub profile_background_color: String,
    pub profile_background_image_url: String,
    pub profile_background_image_url_https: String,
    pub profile_background_tile: bool,
    pub profile_image_url: String,
    pub profile_image_url_https: String,
    pub profile_banner_url: Option<String>,
    pub profile_link_color: String,
    pub profile_sidebar_border_color: String,
    pub profile_sidebar_fill_color: String,
    pub profile_text_color: String,
    pub profile_use_background_image: bool,
    pub default_profile: bool,
    pub default_profile_image: bool,
    pub following: bool,
    pub follow_request_sent: bool,
    pub notifications: bool,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct UserEntities {
    pub url: Option<UserUrl>,
    pub description: UserUrl,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct UserUrl {
    pub urls: Vec<Url>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Url {
    pub url: String,
    pub expanded_url: String,
    pub display_url: String,
    pub indices: (u16, u16),
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct StatusEntities {
    pub hashtags: Vec<Hashtag>,
    pub symbols: Vec<()>,
    pub urls: Vec<Url>,
    pub user_mentions: Vec<UserMention>,
    pub media: Option<Vec<Media>>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Hashtag {
    pub text: String,
    pub indices: (u16, u16),
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct UserMention {
    pub screen_name: String,
    pub name: String,
    pub id: u32,
    pub id_str: String,
    pub indices: (u16, u16),
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Media {
    pub id: u64,
    pub id_str: String,
    pub indices: (u16, u16),
    pub media_url: String,
    pub media_url_https: String,
    pub url: String,
    pub display_url: String,
    pub expanded_url: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub sizes: Sizes,
    pub source_status_id: Option<u64>,
    pub source_status_id_str: Option<String>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Sizes {
    pub medium: Size,
    pub small: Size,
    pub thumb: Size,
    pub large: Size,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Size {
    pub w: u16,
    pub h: u16,
    pub resize: String,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct SearchMetadata {
    pub completed_in: f64,
    pub max_id: u64,
    pub max_id_str: String,
    pub next_results: String,
    pub query: String,
    pub refresh_url: String,
    pub count: u8,
    pub since_id: u64,
    pub since_id_str: String,
}

// golang_source.json: a deep recursive tree.

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct GolangSource {
    pub tree: TreeNode,
    pub username: String,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct TreeNode {
    pub name: String,
    pub kids: Vec<TreeNode>,
    pub cl_weight: f64,
    pub touches: u64,
    pub min_t: u64,
    pub max_t: u64,
    pub mean_t: u64,
}
