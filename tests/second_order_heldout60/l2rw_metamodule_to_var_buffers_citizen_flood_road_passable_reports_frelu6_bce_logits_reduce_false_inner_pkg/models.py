import torch.nn.functional as F

from meta_layers import MetaModule, MetaLinear


class PassabilityNet(MetaModule):
    """Road passable (1) / not passable (0) from a citizen flood report: depth estimate, rainfall, kerb height,
    elevation, report text features..."""

    def __init__(self, n_in, n_hidden=32):
        super(PassabilityNet, self).__init__()
        self.fc1 = MetaLinear(n_in, n_hidden)
        self.fc2 = MetaLinear(n_hidden, n_hidden)
        self.out = MetaLinear(n_hidden, 1)

    def forward(self, x):
        h = F.relu6(self.fc1(x))
        h = F.relu(self.fc2(h))
        return self.out(h).squeeze(1)


def build_model(hyper):
    return PassabilityNet(hyper['n_features'], hyper['n_hidden'])
