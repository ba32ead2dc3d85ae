import torch.nn as nn


def build_policy(obs_dim=6, n_actions=4, hidden=32):
    return nn.ModuleDict({
        "enc": nn.Sequential(nn.Linear(obs_dim, hidden), nn.Mish()),
        "pi": nn.Linear(hidden, n_actions),
        "v": nn.Linear(hidden, 1),
    })


def policy_logits(policy, obs):
    return policy["pi"](policy["enc"](obs))
