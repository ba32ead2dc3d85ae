import torch.nn as nn
import torch.nn.functional as F

import config
from layers import CoreEncoder, grad_reverse


class PeatDANN(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = CoreEncoder(config.CORE_LEN)
        feat = 6 * config.CORE_LEN // 2
        self.horizon_head = nn.Linear(feat, config.N_HORIZONS)
        self.site_head = nn.Sequential(nn.Linear(feat, 8), nn.Softsign(), nn.Linear(8, 2))

    def forward(self, x):
        f = self.encoder(x)
        return self.horizon_head(f), self.site_head(grad_reverse(f, config.REVERSAL_LAMBDA))


def dann_loss(model, x_src, y_src, x_tgt):
    logits_src, site_src = model(x_src)
    _, site_tgt = model(x_tgt)
    task = F.cross_entropy(logits_src, y_src)
    site = F.cross_entropy(site_src, site_src.new_zeros(len(x_src)).long()) + \
        F.cross_entropy(site_tgt, site_tgt.new_ones(len(x_tgt)).long())
    return task + site
