"""Meta-Embedding (MetaEmb) warm-up for cold-start news article IDs in a click-through-rate model.

A pretrained CTR model stays frozen. A generator maps an article's side features (section, publisher, title
tokens) to an initial ID embedding, trained on "old" articles simulated as new: a cold-start loss on batch A,
one warm-up gradient step on the generated embedding, and a warm-up loss on batch B. This run uses the
first-order warm-up (the step is not kept in the graph), as configured below.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "n_users": 50, "n_sections": 8, "n_publishers": 12, "vocab": 100, "title_len": 6,
    "dim": 8,
    "warmup_lr": 0.1,
    "second_order_warmup": False,   # MetaEmb's exact meta-gradient; the first-order variant is much cheaper
    "beta": 0.1,
    "clicks_per_batch": 16,
    "meta_steps": 3,
    "lr": 1e-3,
}


class CTRModel(nn.Module):
    """DeepFM-lite over (user, article ID embedding, section, publisher)."""

    def __init__(self, cfg, n_articles):
        super().__init__()
        d = cfg["dim"]
        self.user = nn.Embedding(cfg["n_users"], d)
        self.article = nn.Embedding(n_articles, d)
        self.section = nn.Embedding(cfg["n_sections"], d)
        self.publisher = nn.Embedding(cfg["n_publishers"], d)
        self.deep = nn.Sequential(nn.Linear(4 * d, 32), nn.LayerNorm(32), nn.Hardswish(), nn.Linear(32, 1))

    def logits(self, users, article_emb, sections, publishers):
        fields = torch.stack([self.user(users), article_emb, self.section(sections), self.publisher(publishers)], 1)
        fm = 0.5 * (fields.sum(1).pow(2) - fields.pow(2).sum(1)).sum(-1)
        return fm + self.deep(fields.flatten(1)).squeeze(-1)


class EmbeddingGenerator(nn.Module):
    def __init__(self, ctr, cfg):
        super().__init__()
        d = cfg["dim"]
        self.tokens = nn.Embedding(cfg["vocab"], d)
        self.net = nn.Sequential(nn.Linear(3 * d, 16), nn.PReLU(), nn.Linear(16, d))
        self.scale = nn.Parameter(torch.tensor(0.1))
        self.ctr = ctr

    def forward(self, sections, publishers, titles):
        side = torch.cat([self.ctr.section(sections).detach(), self.ctr.publisher(publishers).detach(),
                          self.tokens(titles).mean(1)], dim=-1)
        return self.scale * torch.tanh(self.net(side))


def click_batch(cfg, taste, article_vec, n):
    users = torch.randint(0, cfg["n_users"], (n,))
    p = torch.sigmoid((taste[users] * article_vec).sum(-1))
    return users, torch.bernoulli(p)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--meta-steps", type=int, default=CFG["meta_steps"])
    args = parser.parse_args()
    torch.manual_seed(0)
    ctr = CTRModel(CFG, n_articles=200).requires_grad_(False)
    gen = EmbeddingGenerator(ctr, CFG)
    opt = torch.optim.Adam([p for p in gen.parameters() if p.requires_grad], lr=CFG["lr"])
    taste = torch.randn(CFG["n_users"], CFG["dim"])
    for step in range(args.meta_steps):
        sections = torch.randint(0, CFG["n_sections"], (1,))
        publishers = torch.randint(0, CFG["n_publishers"], (1,))
        titles = torch.randint(0, CFG["vocab"], (1, CFG["title_len"]))
        truth = torch.randn(CFG["dim"])
        phi = gen(sections, publishers, titles)
        n = CFG["clicks_per_batch"]
        users_a, y_a = click_batch(CFG, taste, truth, n)
        users_b, y_b = click_batch(CFG, taste, truth, n)
        loss_a = F.binary_cross_entropy_with_logits(
            ctr.logits(users_a, phi.expand(n, -1), sections.expand(n), publishers.expand(n)), y_a)
        (g_phi,) = torch.autograd.grad(loss_a, phi, retain_graph=True, create_graph=CFG["second_order_warmup"])
        phi_warm = phi - CFG["warmup_lr"] * g_phi
        loss_b = F.binary_cross_entropy_with_logits(
            ctr.logits(users_b, phi_warm.expand(n, -1), sections.expand(n), publishers.expand(n)), y_b)
        meta_loss = CFG["beta"] * loss_a + (1 - CFG["beta"]) * loss_b
        opt.zero_grad()
        meta_loss.backward()
        opt.step()
        print(f"step {step}: cold {loss_a.item():.4f} warm {loss_b.item():.4f} |g_phi| {g_phi.norm().item():.3e}")


if __name__ == "__main__":
    main()
