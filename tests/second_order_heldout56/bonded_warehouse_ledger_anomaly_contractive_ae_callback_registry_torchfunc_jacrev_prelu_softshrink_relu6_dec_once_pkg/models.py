import torch
import torch.nn as nn
import torch.nn.functional as F


class LedgerEncoder(nn.Module):
    def __init__(self, n_numeric, cat_cards, emb_dim, hidden, latent, shrink):
        super().__init__()
        self.embeds = nn.ModuleList([nn.Embedding(c, emb_dim) for c in cat_cards])
        self.fc1 = nn.Linear(n_numeric + emb_dim * len(cat_cards), hidden)
        self.act = nn.PReLU()
        self.fc2 = nn.Linear(hidden, latent)
        self.sparsify = nn.Softshrink(shrink)

    def forward(self, x_num, x_cat):
        cats = [emb(x_cat[:, i]) for i, emb in enumerate(self.embeds)]
        h = self.act(self.fc1(torch.cat([x_num] + cats, dim=1)))
        return self.sparsify(torch.tanh(self.fc2(h)))


class LedgerDecoder(nn.Module):
    def __init__(self, n_numeric, cat_cards, hidden, latent):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(latent, hidden), nn.ReLU6())
        self.num_head = nn.Linear(hidden, n_numeric)
        self.cat_heads = nn.ModuleList([nn.Linear(hidden, c) for c in cat_cards])

    def forward(self, z):
        h = self.body(z)
        return self.num_head(h), [head(h) for head in self.cat_heads]


class LedgerAutoencoder(nn.Module):
    def __init__(self, data_cfg, model_cfg):
        super().__init__()
        n, cards = data_cfg["n_numeric"], data_cfg["cat_cards"]
        self.encoder = LedgerEncoder(n, cards, model_cfg["emb_dim"], model_cfg["hidden"], model_cfg["latent"],
                                     model_cfg["shrink"])
        self.decoder = LedgerDecoder(n, cards, model_cfg["hidden"], model_cfg["latent"])

    def forward(self, x_num, x_cat):
        return self.decoder(self.encoder(x_num, x_cat))

    def reconstruction_terms(self, x_num, x_cat):
        num_hat, cat_logits = self(x_num, x_cat)
        num_err = (num_hat - x_num).pow(2).mean(1)
        cat_err = sum(F.cross_entropy(lg, x_cat[:, i], reduction="none") for i, lg in enumerate(cat_logits))
        return num_err, cat_err
