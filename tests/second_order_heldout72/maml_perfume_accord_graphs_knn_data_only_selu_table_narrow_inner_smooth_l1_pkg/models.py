import torch
import torch.nn as nn

ACTIVATIONS = {
    "selu": nn.SELU,
    "silu": nn.SiLU,
    "tanh": nn.Tanh,
}


class MessageLayer(nn.Module):
    def __init__(self, hidden, act):
        super().__init__()
        self.msg = nn.Linear(2 * hidden, hidden)
        self.upd = nn.Linear(2 * hidden, hidden)
        self.act = ACTIVATIONS[act]()

    def forward(self, h, edge_index):
        s, d = edge_index
        m = self.act(self.msg(torch.cat([h[s], h[d]], -1)))
        agg = torch.zeros_like(h).index_add_(0, d, m)
        deg = torch.zeros(h.size(0), 1).index_add_(0, d, torch.ones(d.size(0), 1)).clamp_min(1.0)
        return h + self.upd(torch.cat([h, agg / deg], -1))


class AccordNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.inp = nn.Linear(cfg.node_dim, cfg.hidden)
        self.layers = nn.ModuleList([MessageLayer(cfg.hidden, cfg.act) for _ in range(cfg.layers)])
        self.gate = nn.Linear(cfg.hidden, 1)
        self.geo = cfg.geo_channels
        self.head = nn.Linear(cfg.hidden + cfg.geo_channels, 1)

    def forward(self, x, edge_index, batch, n_graphs):
        h = self.inp(x)
        for layer in self.layers:
            h = layer(h, edge_index)
        # attention readout: segment softmax over the nodes of each graph
        a = self.gate(h).squeeze(-1)
        a_max = torch.zeros(n_graphs).scatter_reduce(0, batch, a, reduce="amax", include_self=False)
        w = torch.exp(a - a_max[batch])
        z = torch.zeros(n_graphs).index_add_(0, batch, w)
        w = w / z[batch]
        pooled = torch.zeros(n_graphs, h.size(1)).index_add_(0, batch, w[:, None] * h)
        geo = h.narrow(1, h.size(1) - self.geo, self.geo)
        geo_max = torch.zeros(n_graphs, self.geo).scatter_reduce(0, batch[:, None].expand_as(geo), geo, "amax", include_self=False)
        return self.head(torch.cat([pooled, geo_max], -1)).squeeze(-1)
