"""Review-sentiment GRU classifier with an input-gradient regulariser on the word embeddings (robustness to
synonym-like perturbations). Whether the regulariser is trained through (double backprop) is a config flag."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class AdvCfg:
    vocab: int = 2000
    emb: int = 32
    hidden: int = 48
    n_classes: int = 3
    reg_weight: float = 0.5
    double_backprop: bool = False


class AttnGRU(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Embedding(cfg.vocab, cfg.emb)
        self.rnn = nn.GRU(cfg.emb, cfg.hidden, batch_first=True)
        self.att = nn.Linear(cfg.hidden, 1)
        self.cls = nn.Linear(cfg.hidden, cfg.n_classes)

    def classify(self, e):
        h, _ = self.rnn(e)
        w = torch.softmax(self.att(h), dim=1)
        return F.log_softmax(self.cls((w * h).sum(1)), dim=-1)


def train_step(model, opt, tokens, labels, cfg):
    e = model.embed(tokens).detach().requires_grad_(True)
    logp = model.classify(e)
    loss = F.nll_loss(logp, labels)
    g, = torch.autograd.grad(loss, e, create_graph=cfg.double_backprop)
    total = loss + cfg.reg_weight * g.pow(2).sum(-1).mean()
    opt.zero_grad()
    total.backward()
    emb_loss = F.nll_loss(model.classify(model.embed(tokens)), labels)
    emb_loss.backward()
    opt.step()
    return loss.item()


cfg = AdvCfg(double_backprop=True)
model = AttnGRU(cfg)
opt = torch.optim.Adam(model.parameters(), lr=2e-3)
for step in range(3):
    toks = torch.randint(0, cfg.vocab, (8, 20))
    ys = torch.randint(0, cfg.n_classes, (8,))
    print(step, train_step(model, opt, toks, ys, cfg))
