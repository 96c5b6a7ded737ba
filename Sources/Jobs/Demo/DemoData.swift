import GazetteCore
/// Sample inputs written for the demo site (not recorded from anyone's data).
package enum DemoData {
    /// A credit report in the ClearScore-style shape: a good score, one card nearly maxed out.
    package static let creditReport = #"""
        {
          "accountIDVStatus": "PASS",
          "creditReportInfo": {
            "score": 468,
            "scoreBand": 3,
            "minScoreValue": 0,
            "maxScoreValue": 700,
            "numPositiveScoreFactors": 7,
            "numNegativeScoreFactors": 2,
            "equifaxScoreBandDescription": "Good",
            "changedScore": 12,
            "daysUntilNextReport": 17,
            "percentageCreditUsed": 31,
            "hasEverDefaulted": false,
            "monthsSinceLastDefaulted": -1,
            "hasEverBeenDelinquent": true,
            "monthsSinceLastDelinquent": 14,
            "currentShortTermDebt": 2340,
            "currentShortTermCreditLimit": 9500,
            "currentShortTermCreditUtilisation": 25,
            "changeInShortTermDebt": -180,
            "currentLongTermDebt": 148200,
            "currentLongTermCreditLimit": 165000,
            "currentLongTermCreditUtilisation": 90,
            "changeInLongTermDebt": -1250
          },
          "dashboardStatus": "PASS",
          "personaType": "ESTABLISHED",
          "coachingSummary": {"activeTodo": true, "activeChat": false, "numberOfTodoItems": 2, "numberOfCompletedTodoItems": 5, "selected": true},
          "augmentedCreditScore": null
        }
        """#
}
