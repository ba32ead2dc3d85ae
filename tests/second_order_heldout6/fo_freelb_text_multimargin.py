"""FreeLB-style adversarial training for a BiGRU text classifier (Zhu et al. 2020): K ascent steps on an
embedding perturbation, each using delta.grad after a plain backward; parameter gradients are accumulated
over the K steps. Multi-class hinge loss; the perturbation gradients are never differentiated again."""
import torch
import torch.nn as nn


class BiGRUClassifier(nn.Module):
    def __init__(self, vocab, emb=128, hidden=128, n_classes=4):
        super().__init__()
        self.embedding = nn.Embedding(vocab, emb, padding_idx=0)
        self.gru = nn.GRU(emb, hidden, batch_first=True, bidirectional=True)
        self.pool = nn.AdaptiveMaxPool1d(1)
        self.fc = nn.Linear(2 * hidden, n_classes)

    def forward_embeds(self, e):
        h, _ = self.gru(e)
        return self.fc(self.pool(h.transpose(1, 2)).squeeze(-1))


def freelb_step(model, opt, tokens, labels, K=3, adv_lr=0.1, eps=0.3):
    crit = nn.MultiMarginLoss()
    emb = model.embedding(tokens)
    delta = torch.zeros_like(emb).uniform_(-eps, eps).requires_grad_(True)
    opt.zero_grad()
    for k in range(K):
        loss = crit(model.forward_embeds(emb + delta), labels) / K
        loss.backward(retain_graph=k < K - 1)
        g = delta.grad.detach()
        delta = (delta.detach() + adv_lr * g / (g.norm(dim=-1, keepdim=True) + 1e-8)).clamp(-eps, eps)
        delta.requires_grad_(True)
        emb = model.embedding(tokens)
    opt.step()
    return loss.item() * K


if __name__ == "__main__":
    m = BiGRUClassifier(50, emb=8, hidden=8)
    print(freelb_step(m, torch.optim.Adam(m.parameters()), torch.randint(1, 50, (3, 7)), torch.randint(0, 4, (3,))))
