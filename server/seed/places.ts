/** Real Indian geography and names for the demo data. */

export const STATES = [
  {
    name: "Maharashtra",
    code: "27",
    cities: [
      ["Mumbai", "400"],
      ["Pune", "411"],
      ["Nagpur", "440"],
    ],
  },
  {
    name: "Karnataka",
    code: "29",
    cities: [
      ["Bengaluru", "560"],
      ["Mysuru", "570"],
      ["Hubballi", "580"],
    ],
  },
  {
    name: "Tamil Nadu",
    code: "33",
    cities: [
      ["Chennai", "600"],
      ["Coimbatore", "641"],
      ["Madurai", "625"],
    ],
  },
  { name: "Delhi", code: "07", cities: [["New Delhi", "110"]] },
  {
    name: "Uttar Pradesh",
    code: "09",
    cities: [
      ["Lucknow", "226"],
      ["Kanpur", "208"],
      ["Noida", "201"],
    ],
  },
  {
    name: "West Bengal",
    code: "19",
    cities: [
      ["Kolkata", "700"],
      ["Siliguri", "734"],
    ],
  },
  {
    name: "Gujarat",
    code: "24",
    cities: [
      ["Ahmedabad", "380"],
      ["Surat", "395"],
      ["Vadodara", "390"],
    ],
  },
  {
    name: "Telangana",
    code: "36",
    cities: [
      ["Hyderabad", "500"],
      ["Warangal", "506"],
    ],
  },
  {
    name: "Rajasthan",
    code: "08",
    cities: [
      ["Jaipur", "302"],
      ["Jodhpur", "342"],
    ],
  },
  {
    name: "Kerala",
    code: "32",
    cities: [
      ["Kochi", "682"],
      ["Thiruvananthapuram", "695"],
    ],
  },
] as const;

/** Regions of the client organisations, each with zones and territories named after their cities. */
export const REGIONS = [
  { name: "West", states: ["Maharashtra", "Gujarat", "Rajasthan"] },
  { name: "South", states: ["Karnataka", "Tamil Nadu", "Telangana", "Kerala"] },
  { name: "North", states: ["Delhi", "Uttar Pradesh"] },
  { name: "East", states: ["West Bengal"] },
] as const;

/** Real bank IFSC prefixes (bank code, then a zero, then a branch code is appended). */
export const BANKS = [
  { name: "State Bank of India", code: "SBIN" },
  { name: "HDFC Bank", code: "HDFC" },
  { name: "ICICI Bank", code: "ICIC" },
  { name: "Axis Bank", code: "UTIB" },
  { name: "Punjab National Bank", code: "PUNB" },
  { name: "Bank of Baroda", code: "BARB" },
  { name: "Kotak Mahindra Bank", code: "KKBK" },
  { name: "Canara Bank", code: "CNRB" },
] as const;

export const FIRST_NAMES = [
  "Aarav",
  "Vivaan",
  "Aditya",
  "Arjun",
  "Sai",
  "Rohan",
  "Karan",
  "Rahul",
  "Amit",
  "Suresh",
  "Ramesh",
  "Mahesh",
  "Priya",
  "Ananya",
  "Diya",
  "Kavya",
  "Meera",
  "Pooja",
  "Sneha",
  "Lakshmi",
  "Fatima",
  "Imran",
  "Harpreet",
  "Gurdeep",
] as const;

export const LAST_NAMES = [
  "Sharma",
  "Patel",
  "Iyer",
  "Reddy",
  "Nair",
  "Gupta",
  "Singh",
  "Khan",
  "Das",
  "Mehta",
  "Joshi",
  "Kulkarni",
  "Menon",
  "Chatterjee",
  "Agarwal",
  "Yadav",
  "Pillai",
  "Shetty",
  "Bose",
  "Verma",
] as const;

export const SHOP_WORDS = [
  "General Stores",
  "Kirana",
  "Super Mart",
  "Provision Store",
  "Traders",
  "Departmental Store",
  "Mini Mart",
  "Enterprises",
  "Retail Point",
  "Bazaar",
] as const;

export const STREETS = [
  "MG Road",
  "Station Road",
  "Main Bazaar",
  "Gandhi Nagar",
  "Nehru Street",
  "Market Yard",
  "Church Street",
  "Temple Road",
  "Shivaji Chowk",
  "Park Street",
  "Lake View Road",
  "Civil Lines",
] as const;

/** Words many Indian shops are named with, used instead of the owner's surname for a third of them. */
export const SHOP_PREFIXES = [
  "Sri Balaji",
  "Shree Ganesh",
  "Jai Hind",
  "Om Sai",
  "New Krishna",
  "Annapurna",
  "Maa Durga",
  "Lakshmi",
  "Royal",
  "Shiv Shakti",
  "Sai Ram",
  "Gurukrupa",
] as const;

/** Each demo city's centre (latitude, longitude), where its outlets' surveys are located. */
export const CITY_CENTRES: Readonly<Record<string, readonly [number, number]>> = {
  Mumbai: [19.076, 72.8777],
  Pune: [18.5204, 73.8567],
  Nagpur: [21.1458, 79.0882],
  Bengaluru: [12.9716, 77.5946],
  Mysuru: [12.2958, 76.6394],
  Hubballi: [15.3647, 75.124],
  Chennai: [13.0827, 80.2707],
  Coimbatore: [11.0168, 76.9558],
  Madurai: [9.9252, 78.1198],
  "New Delhi": [28.6139, 77.209],
  Lucknow: [26.8467, 80.9462],
  Kanpur: [26.4499, 80.3319],
  Noida: [28.5355, 77.391],
  Kolkata: [22.5726, 88.3639],
  Siliguri: [26.7271, 88.3953],
  Ahmedabad: [23.0225, 72.5714],
  Surat: [21.1702, 72.8311],
  Vadodara: [22.3072, 73.1812],
  Hyderabad: [17.385, 78.4867],
  Warangal: [17.9689, 79.5941],
  Jaipur: [26.9124, 75.7873],
  Jodhpur: [26.2389, 73.0243],
  Kochi: [9.9312, 76.2673],
  Thiruvananthapuram: [8.5241, 76.9366],
};
