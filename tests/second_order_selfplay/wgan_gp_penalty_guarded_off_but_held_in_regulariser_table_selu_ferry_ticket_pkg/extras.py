from penalties import grad_penalty

REGULARISERS = dict(gp=grad_penalty)
