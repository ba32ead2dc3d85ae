import torch
from torch.func import functional_call

PAYOFF_1 = torch.tensor([-1.0, -3.0, 0.0, -2.0])
PAYOFF_2 = torch.tensor([-1.0, 0.0, -3.0, -2.0])


def expected_return(p1, p2, gamma=0.96):
    q1, q2 = p1[1:], p2[torch.tensor([1, 3, 2, 4])]
    P = torch.stack([q1 * q2, q1 * (1 - q2), (1 - q1) * q2, (1 - q1) * (1 - q2)], dim=1)
    p0 = torch.stack([p1[0] * p2[0], p1[0] * (1 - p2[0]), (1 - p1[0]) * p2[0], (1 - p1[0]) * (1 - p2[0])])
    visits, term = p0, p0
    for _ in range(60):
        term = gamma * (term @ P)
        visits = visits + term
    return visits @ PAYOFF_1, visits @ PAYOFF_2


def lookahead_loss(agent, opponent, states, lr_opp=0.3, second_order=False):
    theta_opp = dict(opponent.named_parameters())
    p1 = agent(states)
    _, v2 = expected_return(p1, functional_call(opponent, theta_opp, (states,)))
    grads = torch.autograd.grad(v2, list(theta_opp.values()), create_graph=second_order)
    opp_next = {k: w + lr_opp * g for (k, w), g in zip(theta_opp.items(), grads)}
    v1, _ = expected_return(p1, functional_call(opponent, opp_next, (states,)))
    return -v1
