//! Who may do what in the back office (docs/roles.md): fixed, named roles, and this one table.
//! Every back-office route names the [`Permission`] it needs; [`Role::can`] answers from the
//! table, and nothing else in the code decides by a role.

use crate::model::Role;

/// One power of the back office. Money is a power of its own: handling orders never implies
/// refunding them or receiving their cash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Permission {
    /// The dashboard's figures: revenue, trends, the sales chart.
    ReadFigures,
    /// Orders: list, read, confirm a cash-on-delivery order, change status, correct it before
    /// it leaves, assign a courier, mark a parcel returned, its messages and their resending.
    HandleOrders,
    /// The orders assigned to oneself for delivery, and nothing else.
    DeliverOwnOrders,
    /// Money: refunds, cash received, the « Caisse » reconciliation and its CSV.
    HandleMoney,
    /// Products: create, edit, prices, pictures, deactivate; the catalogue's CSV both ways.
    ManageProducts,
    /// A variant's quantity adjusted by hand, with a reason.
    AdjustStock,
    /// Promo codes.
    ManagePromoCodes,
    /// Customers: the list, their records, phone blocks, the newsletter's export.
    ManageCustomers,
    /// Delivery zones and the shop's settings.
    ManageShop,
    /// Staff accounts and their roles; the audit log.
    ManageStaff,
}

/// Staff roles, in the table's column order.
const STAFF: [Role; 4] = [Role::Admin, Role::Manager, Role::Seller, Role::Courier];

/// The table: for each permission, whether admin, manager, seller and courier hold it.
const TABLE: [(Permission, [bool; 4]); 10] = [
    (Permission::ReadFigures, [true, true, false, false]),
    (Permission::HandleOrders, [true, true, true, false]),
    (Permission::DeliverOwnOrders, [true, true, true, true]),
    (Permission::HandleMoney, [true, true, false, false]),
    (Permission::ManageProducts, [true, true, false, false]),
    (Permission::AdjustStock, [true, true, true, false]),
    (Permission::ManagePromoCodes, [true, true, false, false]),
    (Permission::ManageCustomers, [true, true, false, false]),
    (Permission::ManageShop, [true, false, false, false]),
    (Permission::ManageStaff, [true, false, false, false]),
];

impl Permission {
    pub const ALL: [Permission; 10] = [
        Permission::ReadFigures,
        Permission::HandleOrders,
        Permission::DeliverOwnOrders,
        Permission::HandleMoney,
        Permission::ManageProducts,
        Permission::AdjustStock,
        Permission::ManagePromoCodes,
        Permission::ManageCustomers,
        Permission::ManageShop,
        Permission::ManageStaff,
    ];

    /// Its code, as the API's documentation names it on each operation.
    pub fn as_str(self) -> &'static str {
        match self {
            Permission::ReadFigures => "figures.read",
            Permission::HandleOrders => "orders.handle",
            Permission::DeliverOwnOrders => "deliveries.own",
            Permission::HandleMoney => "money.handle",
            Permission::ManageProducts => "products.manage",
            Permission::AdjustStock => "stock.adjust",
            Permission::ManagePromoCodes => "promo_codes.manage",
            Permission::ManageCustomers => "customers.manage",
            Permission::ManageShop => "shop.manage",
            Permission::ManageStaff => "staff.manage",
        }
    }

    pub fn parse(code: &str) -> Option<Permission> {
        Permission::ALL.into_iter().find(|p| p.as_str() == code)
    }

    /// What a role that lacks it is told (403).
    pub fn refusal(self) -> &'static str {
        match self {
            Permission::ReadFigures => "Les chiffres de la boutique sont réservés au gérant et à l'administrateur.",
            Permission::HandleOrders => "La gestion des commandes n'est pas ouverte à votre rôle.",
            Permission::DeliverOwnOrders => "Les livraisons sont réservées à l'équipe de la boutique.",
            Permission::HandleMoney => "Les remboursements et la caisse sont réservés au gérant et à l'administrateur.",
            Permission::ManageProducts => "Les produits sont gérés par le gérant et l'administrateur.",
            Permission::AdjustStock => "L'ajustement du stock n'est pas ouvert à votre rôle.",
            Permission::ManagePromoCodes => "Les codes promo sont gérés par le gérant et l'administrateur.",
            Permission::ManageCustomers => "Les clients sont gérés par le gérant et l'administrateur.",
            Permission::ManageShop => "Les réglages de la boutique sont réservés à l'administrateur.",
            Permission::ManageStaff => "L'équipe et le journal sont réservés à l'administrateur.",
        }
    }
}

impl Role {
    /// Whether this role holds `permission`: the table's answer; a customer holds none.
    pub fn can(self, permission: Permission) -> bool {
        let Some(column) = STAFF.iter().position(|r| *r == self) else { return false };
        TABLE.iter().any(|(p, roles)| *p == permission && roles[column])
    }

    /// Every permission the role holds, in the table's order.
    pub fn permissions(self) -> Vec<Permission> {
        Permission::ALL.into_iter().filter(|p| self.can(*p)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_names_each_permission_once_in_order() {
        let listed: Vec<Permission> = TABLE.iter().map(|(p, _)| *p).collect();
        assert_eq!(listed, Permission::ALL);
    }

    #[test]
    fn the_owner_holds_everything_and_a_customer_nothing() {
        assert_eq!(Role::Admin.permissions(), Permission::ALL);
        assert!(Role::Customer.permissions().is_empty());
    }

    #[test]
    fn money_is_split_from_order_handling() {
        assert!(Role::Seller.can(Permission::HandleOrders));
        assert!(!Role::Seller.can(Permission::HandleMoney));
        assert!(!Role::Seller.can(Permission::ReadFigures));
        assert!(Role::Seller.can(Permission::AdjustStock));
        assert!(!Role::Seller.can(Permission::ManageProducts));
    }

    #[test]
    fn a_manager_runs_the_shop_but_not_its_settings_nor_its_staff() {
        let cannot: Vec<Permission> = Permission::ALL.into_iter().filter(|p| !Role::Manager.can(*p)).collect();
        assert_eq!(cannot, [Permission::ManageShop, Permission::ManageStaff]);
    }

    #[test]
    fn a_courier_sees_only_their_deliveries() {
        assert_eq!(Role::Courier.permissions(), [Permission::DeliverOwnOrders]);
    }

    #[test]
    fn codes_read_back() {
        for permission in Permission::ALL {
            assert_eq!(Permission::parse(permission.as_str()), Some(permission));
        }
        assert_eq!(Permission::parse("orders.refund"), None);
    }
}
