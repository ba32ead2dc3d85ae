import torch.nn as nn


class SpectrogramDenoiser(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.enc_conv = nn.Conv2d(1, ch, 3, padding=1)
        self.enc_act = nn.Hardswish()
        self.enc_pool = nn.AvgPool2d(2)
        self.dec_up = nn.ConvTranspose2d(ch, ch, 2, stride=2)
        self.dec_act = nn.ELU()
        self.dec_out = nn.Conv2d(ch, 1, 3, padding=1)

    def encode(self, spec):
        return self.enc_pool(self.enc_act(self.enc_conv(spec)))

    def decode(self, code):
        return self.dec_out(self.dec_act(self.dec_up(code)))

    def forward(self, spec):
        return self.decode(self.encode(spec))
