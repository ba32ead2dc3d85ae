"""Order baskets from a seed catalogue -> (flat item ids, offsets) for nn.EmbeddingBag, plus a held-out
item per basket as the positive and sampled negatives."""
import random

import torch

CATEGORIES = ["tomato", "bean", "squash", "pepper", "lettuce", "herb", "flower", "pea", "melon", "corn",
              "brassica", "root"]


class BasketSampler:
    def __init__(self, n_items, n_categories, basket_min, basket_max, negatives, seed=0):
        self.rng = random.Random(seed)
        self.n_items = n_items
        self.item_cat = [i % n_categories for i in range(n_items)]
        self.by_cat = {c: [i for i in range(n_items) if self.item_cat[i] == c] for c in range(n_categories)}
        self.bmin, self.bmax, self.neg = basket_min, basket_max, negatives

    def basket(self):
        cats = self.rng.sample(range(len(self.by_cat)), 2)
        size = self.rng.randrange(self.bmin, self.bmax + 1)
        return [self.rng.choice(self.by_cat[self.rng.choice(cats)]) for _ in range(size + 1)]

    def batch(self, n):
        flat, offsets, pos, neg = [], [], [], []
        for _ in range(n):
            b = self.basket()
            offsets.append(len(flat))
            flat.extend(b[:-1])
            pos.append(b[-1])
            neg.append([self.rng.randrange(self.n_items) for _ in range(self.neg)])
        cand = torch.cat([torch.tensor(pos)[:, None], torch.tensor(neg)], 1)
        labels = torch.zeros_like(cand, dtype=torch.float)
        labels[:, 0] = 1.0
        return torch.tensor(flat), torch.tensor(offsets), cand, labels
