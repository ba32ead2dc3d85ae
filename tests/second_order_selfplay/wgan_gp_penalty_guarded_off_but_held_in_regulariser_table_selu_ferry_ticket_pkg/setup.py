SETUP = {"gp": 0.0, "steps": 2}
