"""The core pipeline: a line to a Hand, its readings and facts, and on to a ScoreResult."""
