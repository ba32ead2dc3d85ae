"""Optimal Brain Damage (LeCun et al. 1990) revisited for a character-level LSTM language model: parameter
saliency s_i = 0.5 * H_ii * w_i^2, with the Hessian diagonal of the training loss estimated by Hutchinson
probes (Hessian-vector products w.r.t. all parameters), then magnitude-free global pruning and fine-tuning."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class CharLM(nn.Module):
    def __init__(self, vocab=96, emb=32, hidden=128, layers=2):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb)
        self.rnn = nn.LSTM(emb, hidden, num_layers=layers, batch_first=True)
        self.head = nn.Linear(hidden, vocab)

    def forward(self, tokens):
        out, _ = self.rnn(self.emb(tokens))
        return self.head(out)


class HutchinsonDiagonal:
    def __init__(self, model, criterion, n_probes=8):
        self.model, self.criterion, self.n_probes = model, criterion, n_probes

    def estimate(self, batches):
        params = [p for p in self.model.parameters() if p.requires_grad]
        diag = [torch.zeros_like(p) for p in params]
        for tokens in batches:
            logits = self.model(tokens[:, :-1])
            loss = self.criterion(logits.reshape(-1, logits.size(-1)), tokens[:, 1:].reshape(-1))
            grads = torch.autograd.grad(loss, params, create_graph=True)
            for _ in range(self.n_probes):
                zs = [torch.randint_like(p, 2) * 2.0 - 1.0 for p in params]
                hz = torch.autograd.grad(grads, params, grad_outputs=zs, retain_graph=True)
                for d, h, z in zip(diag, hz, zs):
                    d += h * z / (self.n_probes * len(batches))
        return diag


def obd_prune(model, diag, ratio=0.3):
    params = [p for p in model.parameters() if p.requires_grad]
    saliency = torch.cat([(0.5 * d * p.detach() ** 2).flatten() for d, p in zip(diag, params)])
    threshold = saliency.kthvalue(int(ratio * saliency.numel())).values
    masks = []
    with torch.no_grad():
        for d, p in zip(diag, params):
            m = (0.5 * d * p ** 2 > threshold).float()
            p.mul_(m)
            masks.append(m)
    return masks


if __name__ == "__main__":
    torch.manual_seed(0)
    lm = CharLM(hidden=16, layers=1)
    crit = nn.CrossEntropyLoss()
    data = [torch.randint(0, 96, (4, 12))]
    diag = HutchinsonDiagonal(lm, crit, n_probes=2).estimate(data)
    masks = obd_prune(lm, diag)
    print(sum(m.sum().item() for m in masks))
