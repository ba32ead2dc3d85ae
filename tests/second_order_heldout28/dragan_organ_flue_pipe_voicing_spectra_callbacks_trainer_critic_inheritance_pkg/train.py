import torch

from callbacks import DraganPenalty, PrintLogger
from models import VoicingCritic, VoicingGenerator
from trainer import GANTrainer


def voicing_spectra(n, n_harmonics=32):
    k = torch.arange(1, n_harmonics + 1).float()
    brightness = 0.5 + torch.rand(n, 1)
    amp = torch.exp(-brightness * torch.log(k)[None]) * (1 + 0.3 * (k[None] % 2 == 1))
    amp = amp / amp.amax(dim=1, keepdim=True)
    phase_slope = torch.tanh(0.1 * k[None] * torch.randn(n, 1))
    return torch.stack([amp, phase_slope], dim=1)


def main():
    torch.manual_seed(0)
    trainer = GANTrainer(VoicingCritic(), VoicingGenerator(), callbacks=[DraganPenalty(weight=10.0), PrintLogger()])
    trainer.fit([voicing_spectra(16) for _ in range(3)])


if __name__ == "__main__":
    main()
