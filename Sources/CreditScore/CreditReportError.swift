import JSONSupport

/// Why a credit report could not be read: the JSON key path at fault and what was wrong.
public typealias CreditReportError = JSONInputError
