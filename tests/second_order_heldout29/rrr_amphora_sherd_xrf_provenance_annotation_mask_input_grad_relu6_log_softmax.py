# Provenance of amphora sherds from portable XRF spectra (128 energy bins), trained to be
# "right for the right reasons" (Ross et al. 2017): the input gradient of the summed
# log-probabilities is penalised on bins an expert marked as irrelevant (argon from air,
# the Rh tube lines, the detector escape peaks).
import torch
import torch.nn as nn
import torch.nn.functional as F

N_BINS, N_WORKSHOPS = 128, 4
IRRELEVANT = [(10, 16), (60, 66), (100, 108)]


class XRFNet(nn.Module):
    def __init__(self, ch=12):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv1d(1, ch, 9, padding=4), nn.BatchNorm1d(ch), nn.ReLU6(),
            nn.Conv1d(ch, ch, 9, stride=4, padding=4), nn.BatchNorm1d(ch), nn.ReLU6(),
        )
        self.fc = nn.Linear(ch * (N_BINS // 4), N_WORKSHOPS)

    def forward(self, spectra):
        logits = self.fc(self.body(spectra.unsqueeze(1)).flatten(1))
        return F.log_softmax(logits, dim=1)


def annotation_mask(n):
    mask = torch.zeros(n, N_BINS)
    for lo, hi in IRRELEVANT:
        mask[:, lo:hi] = 1.0
    return mask


def xrf_batch(n):
    bins = torch.arange(N_BINS).float()
    workshop = torch.randint(0, N_WORKSHOPS, (n,))
    centres = torch.tensor([[30.0, 45.0], [35.0, 80.0], [50.0, 90.0], [25.0, 70.0]])[workshop]
    peaks = torch.exp(-((bins - centres[:, :1]) ** 2) / 8) + 0.6 * torch.exp(-((bins - centres[:, 1:]) ** 2) / 8)
    argon = (0.5 + torch.rand(n, 1)) * torch.exp(-((bins - 13.0) ** 2) / 4)
    spectra = peaks + argon + 0.05 * torch.rand(n, N_BINS)
    return spectra, workshop


def rrr_loss(model, spectra, labels, mask, l2_grads=50.0):
    spectra = spectra.clone().requires_grad_(True)
    log_probs = model(spectra)
    answer = F.nll_loss(log_probs, labels)
    input_grads = torch.autograd.grad(log_probs.sum(), spectra, create_graph=True)[0]
    reasons = (mask * input_grads).pow(2).sum() / spectra.size(0)
    return answer + l2_grads * reasons, answer, reasons


def main(epochs=3):
    torch.manual_seed(0)
    model = XRFNet()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=1e-4)
    for epoch in range(epochs):
        spectra, labels = xrf_batch(24)
        loss, answer, reasons = rrr_loss(model, spectra, labels, annotation_mask(24))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: answer {answer.item():.3f} reasons {reasons.item():.4f}")


if __name__ == "__main__":
    main()
