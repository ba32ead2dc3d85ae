"""Accord formulas -> ingredient graphs. Nodes are ingredients (name tokens + dose), edges connect each
ingredient to its k nearest neighbours in odour-descriptor space. Graph building is data only."""
import random

import torch
import torch.nn.functional as F

NOTES = ["bergamot", "lemon", "neroli", "lavender", "rose", "jasmine", "iris", "violet", "cedar", "sandalwood",
         "vetiver", "patchouli", "musk", "amber", "vanilla", "tonka", "oakmoss", "labdanum", "pepper", "cardamom"]
DESCRIPTORS = torch.Generator().manual_seed(99)
DESC = torch.rand(len(NOTES), 6, generator=DESCRIPTORS)  # citrus, floral, woody, sweet, spicy, animalic
VOLATILITY = torch.linspace(1.0, 0.1, len(NOTES))


def knn_edges(desc, k):
    d = torch.cdist(desc, desc)
    d.fill_diagonal_(float("inf"))
    nbr = d.topk(min(k, desc.size(0) - 1), largest=False).indices
    src = torch.arange(desc.size(0)).repeat_interleave(nbr.size(1))
    return torch.stack([src, nbr.reshape(-1)])


def make_accord(rng, k):
    idx = rng.sample(range(len(NOTES)), rng.randrange(4, 9))
    dose = torch.tensor([rng.uniform(0.5, 20.0) for _ in idx])
    dose = F.normalize(dose, p=1, dim=0)
    x = torch.cat([DESC[idx], dose[:, None], VOLATILITY[idx, None]], 1)
    return x, knn_edges(DESC[idx], k)


def batch_graphs(graphs):
    """Concatenate graphs into one disjoint graph with a node -> graph index vector."""
    xs, eis, batch, off = [], [], [], 0
    for g, (x, ei) in enumerate(graphs):
        xs.append(x)
        eis.append(ei + off)
        batch.append(torch.full((x.size(0),), g))
        off += x.size(0)
    return torch.cat(xs), torch.cat(eis, 1), torch.cat(batch)


def panel_task(seed, n, k):
    """One perfumery panel = one task; each panel weights the descriptors differently."""
    rng = random.Random(seed)
    taste = torch.rand(6, generator=torch.Generator().manual_seed(seed))
    graphs, ys = [], []
    for _ in range(n):
        x, ei = make_accord(rng, k)
        graphs.append((x, ei))
        ys.append((x[:, :6] @ taste * x[:, 6]).sum() * 3 + x[:, 7].max())
    return graphs, torch.stack(ys)
