//! The demo shop's customers: a dozen people of Dakar and its suburbs, on a domain no mail
//! reaches. Their accounts are opened once, months before their orders, with a password nobody
//! knows: they are shown, never used to log in.

use bitik_common::Email;
use bitik_common::{RawAddress, RawContact};
use bitik_identity::ports::UserRepository;
use bitik_identity::{AccountService, AddressInput, IdentityError, NewAccount, ProfileUpdate, Role, User};
use bitik_orders::RawPlace;
use bitik_postgres::Database;
use chrono::{DateTime, Datelike, Duration, NaiveTime, Utc};
use uuid::Uuid;

pub struct DemoCustomer {
    pub first_name: &'static str,
    pub last_name: &'static str,
    pub email: &'static str,
    /// As people write it: `+221 77 412 36 58`.
    pub phone: &'static str,
    pub address: &'static str,
    pub city: &'static str,
    /// The code of their commune in the delivery zones.
    pub commune: &'static str,
    /// The point de repère they give couriers.
    pub landmark: &'static str,
    /// How long before the seed they opened their account: before any of their orders.
    pub joined_days_ago: i64,
}

impl DemoCustomer {
    /// Who they are, as they would type it in a form.
    pub fn contact(&self) -> RawContact {
        RawContact {
            first_name: self.first_name.to_owned(),
            last_name: self.last_name.to_owned(),
            email: self.email.to_owned(),
            phone: self.phone.to_owned(),
        }
    }

    /// Their commune and landmark, as they would give them at checkout.
    pub fn place(&self) -> RawPlace {
        RawPlace { commune: self.commune.to_owned(), landmark: self.landmark.to_owned(), notes: String::new() }
    }

    /// Where their orders go, as they would type it at checkout.
    pub fn address(&self) -> RawAddress {
        RawAddress {
            address: self.address.to_owned(),
            city: self.city.to_owned(),
            zip_code: String::new(),
            country: "Sénégal".to_owned(),
        }
    }

    fn profile(&self) -> ProfileUpdate {
        ProfileUpdate {
            first_name: self.first_name.to_owned(),
            last_name: self.last_name.to_owned(),
            phone: self.phone.to_owned(),
            address: None,
        }
    }

    /// Their home in their address book, as its default: what checkout offers to keep.
    fn home(&self) -> AddressInput {
        AddressInput {
            label: "Maison".to_owned(),
            first_name: self.first_name.to_owned(),
            last_name: self.last_name.to_owned(),
            phone: self.phone.to_owned(),
            address: self.address(),
            commune: self.commune.to_owned(),
            landmark: self.landmark.to_owned(),
            is_default: true,
        }
    }
}

/// Where a demo customer lives: street, city, commune code, landmark.
type Home = (&'static str, &'static str, &'static str, &'static str);

const fn customer(
    first_name: &'static str,
    last_name: &'static str,
    email: &'static str,
    phone: &'static str,
    (address, city, commune, landmark): Home,
    joined_days_ago: i64,
) -> DemoCustomer {
    DemoCustomer { first_name, last_name, email, phone, address, city, commune, landmark, joined_days_ago }
}

pub const DEMO_CUSTOMERS: [DemoCustomer; 12] = [
    customer(
        "Moussa",
        "Ndiaye",
        "moussa.ndiaye@example.sn",
        "+221 77 412 36 58",
        ("Rue 11 x 22", "Dakar", "medina", "En face du marché Tilène"),
        212,
    ),
    customer(
        "Fatou",
        "Sarr",
        "fatou.sarr@example.sn",
        "+221 78 203 51 94",
        ("Avenue Georges Pompidou, immeuble Maginot", "Dakar", "dakar-plateau", "À côté de la pharmacie Guigon"),
        96,
    ),
    customer(
        "Ibrahima",
        "Fall",
        "ibrahima.fall@example.sn",
        "+221 76 845 12 07",
        ("Unité 15, villa 212", "Dakar", "parcelles-assainies", "Près du terminus des bus de l'Unité 15"),
        341,
    ),
    customer(
        "Aminata",
        "Ba",
        "aminata.ba@example.sn",
        "+221 70 561 88 23",
        ("Cité Avion, villa 48", "Dakar", "ouakam", "Derrière la mosquée de la Divinité"),
        63,
    ),
    customer(
        "Cheikh",
        "Diouf",
        "cheikh.diouf@example.sn",
        "+221 77 930 47 15",
        ("Yoff Tonghor", "Dakar", "yoff", "Derrière la grande mosquée"),
        154,
    ),
    customer(
        "Khadija",
        "Gueye",
        "khadija.gueye@example.sn",
        "+221 78 117 64 39",
        ("Villa 1043, Sicap Liberté 6", "Dakar", "sicap-liberte", "Près du rond-point de Liberté 6"),
        47,
    ),
    customer(
        "Mamadou",
        "Diallo",
        "mamadou.diallo@example.sn",
        "+221 76 302 95 81",
        ("HLM 5, villa 314", "Dakar", "hlm", "Près du marché HLM"),
        268,
    ),
    customer(
        "Ndèye",
        "Faye",
        "ndeye.faye@example.sn",
        "+221 77 654 20 76",
        ("Cité Millionnaire", "Dakar", "grand-yoff", "En face de l'école de la Cité Millionnaire"),
        121,
    ),
    customer(
        "Ousmane",
        "Sy",
        "ousmane.sy@example.sn",
        "+221 70 248 73 60",
        ("Quartier Ndeugagne", "Pikine", "thiaroye-sur-mer", "Près de la plage de Thiaroye"),
        77,
    ),
    customer(
        "Aïssatou",
        "Mbaye",
        "aissatou.mbaye@example.sn",
        "+221 78 476 09 52",
        ("Cité Fadia, villa 19", "Guédiawaye", "golf-sud", "Derrière la station-service de Golf"),
        189,
    ),
    customer(
        "Abdoulaye",
        "Cissé",
        "abdoulaye.cisse@example.sn",
        "+221 77 885 31 44",
        ("Mermoz Pyrotechnie, rue MZ 78", "Dakar", "mermoz-sacre-coeur", "À côté de la boulangerie de Pyrotechnie"),
        39,
    ),
    customer(
        "Coumba",
        "Thiam",
        "coumba.thiam@example.sn",
        "+221 76 719 56 28",
        ("Point E, rue 4, villa 7", "Dakar", "fann-point-e-amitie", "Près du canal de Point E"),
        402,
    ),
];

/// A demo customer's account.
pub(crate) struct Customer {
    pub user_id: Uuid,
    pub person: &'static DemoCustomer,
}

/// Opens the accounts of the demo customers who have none; existing ones are left as they are.
/// Returns the customers, in the order of [`DEMO_CUSTOMERS`], and how many accounts were opened.
pub(crate) async fn open_accounts(
    accounts: &AccountService,
    users: &dyn UserRepository,
    database: &Database,
    now: DateTime<Utc>,
) -> anyhow::Result<(Vec<Customer>, usize)> {
    let mut customers = Vec::new();
    let mut opened = 0;
    for person in &DEMO_CUSTOMERS {
        let user_id = match accounts.create_account(new_account(person)).await {
            Ok(user) => {
                accounts.update_profile(user.id, person.profile()).await?;
                accounts.add_address(user.id, person.home()).await?;
                let joined = evening(now - Duration::days(person.joined_days_ago));
                bitik_postgres::date_demo_account(database, user.id, joined).await?;
                opened += 1;
                user.id
            }
            Err(IdentityError::EmailTaken) => existing(users, person.email).await?.id,
            Err(e) => return Err(e.into()),
        };
        customers.push(Customer { user_id, person });
    }
    Ok((customers, opened))
}

/// People open their accounts after work: the day of `moment`, between 18:00 and 21:59.
fn evening(moment: DateTime<Utc>) -> DateTime<Utc> {
    let minutes = i64::from(moment.ordinal()) * 37 % 240;
    moment.date_naive().and_time(NaiveTime::MIN).and_utc() + Duration::hours(18) + Duration::minutes(minutes)
}

fn new_account(person: &DemoCustomer) -> NewAccount {
    NewAccount {
        contact: person.contact(),
        // Thrown away: nobody logs in as a demo customer.
        password: Uuid::new_v4().simple().to_string(),
        role: Role::Customer,
    }
}

/// The account registered under `email`.
pub(crate) async fn existing(users: &dyn UserRepository, email: &str) -> anyhow::Result<User> {
    let parsed = Email::parse(email).map_err(|_| anyhow::anyhow!("{email} is not an e-mail address"))?;
    let found = users.find_by_email(&parsed).await.map_err(|e| anyhow::anyhow!(e))?;
    found.map(|(user, _)| user).ok_or_else(|| anyhow::anyhow!("no account is registered under {email}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_customers_are_people_of_dakar_reachable_nowhere() {
        let mut emails = std::collections::HashSet::new();
        for person in &DEMO_CUSTOMERS {
            assert!(person.email.ends_with("@example.sn"), "{}", person.email);
            assert!(Email::parse(person.email).is_ok() && emails.insert(person.email), "{}", person.email);
            let digits: String = person.phone.chars().filter(char::is_ascii_digit).collect();
            assert!(digits.len() == 12 && digits.starts_with("2217"), "a Senegalese mobile: {}", person.phone);
            let written = format!("+221 {} {} {} {}", &digits[3..5], &digits[5..8], &digits[8..10], &digits[10..]);
            assert_eq!(person.phone, written, "written +221 7X XXX XX XX");
            assert!(person.joined_days_ago > 30, "{} joined before their orders", person.email);
            let checked =
                bitik_orders::checkout::recipient(&person.contact(), &person.address(), &person.place(), true)
                    .unwrap_or_else(|e| panic!("{e:?}"));
            assert_eq!(checked.contact.phone.as_str(), person.phone.replace(' ', ""));
            assert_eq!(checked.commune.as_deref(), Some(person.commune));
        }
        assert_eq!(DEMO_CUSTOMERS.len(), 12);
        let cities: std::collections::HashSet<_> = DEMO_CUSTOMERS.iter().map(|p| p.city).collect();
        assert!(cities.contains("Pikine") && cities.contains("Guédiawaye") && cities.contains("Dakar"));
    }
}
