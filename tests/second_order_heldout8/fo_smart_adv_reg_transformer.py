"""SMART-style smoothness-inducing adversarial regularisation (Jiang et al. 2020) for fine-tuning a small
Transformer sentiment classifier: one projected ascent step on the symmetric KL w.r.t. an embedding
perturbation. The ascent direction is a plain first-order gradient of the perturbation (no create_graph);
the regulariser is then evaluated at the detached adversarial point."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TextClassifier(nn.Module):
    def __init__(self, vocab=5000, dim=64, heads=4, layers=2, n_classes=2, max_len=128):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim, padding_idx=0)
        self.pos = nn.Embedding(max_len, dim)
        enc_layer = nn.TransformerEncoderLayer(dim, heads, dim * 2, dropout=0.1, activation="gelu", batch_first=True)
        self.encoder = nn.TransformerEncoder(enc_layer, layers)
        self.cls = nn.Linear(dim, n_classes)

    def embed(self, ids):
        return self.tok(ids) + self.pos(torch.arange(ids.size(1))[None])

    def forward_embeds(self, emb, pad_mask):
        h = self.encoder(emb, src_key_padding_mask=pad_mask)
        h = h.masked_fill(pad_mask[..., None], 0.0).sum(1) / (~pad_mask).sum(1, keepdim=True)
        return self.cls(h)


def sym_kl(p_logits, q_logits):
    p, q = F.log_softmax(p_logits, -1), F.log_softmax(q_logits, -1)
    return (F.kl_div(p, q, log_target=True, reduction="batchmean")
            + F.kl_div(q, p, log_target=True, reduction="batchmean"))


def smart_loss(model, ids, labels, eps=1e-5, step=1e-3, lam=1.0):
    pad = ids.eq(0)
    emb = model.embed(ids)
    logits = model.forward_embeds(emb, pad)
    task = F.cross_entropy(logits, labels)
    noise = (torch.randn_like(emb) * eps).requires_grad_()
    adv = sym_kl(model.forward_embeds(emb.detach() + noise, pad), logits.detach())
    (g,) = torch.autograd.grad(adv, noise)
    noise = (noise + step * g / (g.norm(dim=-1, keepdim=True) + 1e-6)).detach()
    reg = sym_kl(model.forward_embeds(emb + noise, pad), logits)
    return task + lam * reg


if __name__ == "__main__":
    torch.manual_seed(0)
    model = TextClassifier()
    opt = torch.optim.AdamW(model.parameters(), lr=2e-5)
    ids = torch.randint(1, 5000, (4, 16))
    ids[:, -3:] = 0
    loss = smart_loss(model, ids, torch.randint(0, 2, (4,)))
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(loss.item())
